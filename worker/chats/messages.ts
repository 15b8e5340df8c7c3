/**
 * Writing and reading messages. Each message gets the chat's next sequence number in the very
 * statement that inserts it, so numbers are gapless per chat and a client can see what it missed.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@db/client";
import { ATTACHMENT_MARK } from "@core/attachment-rules";
import { MESSAGE_PAGE_SIZE, QUOTE_LENGTH } from "@core/chat-rules";
import type { MessageType } from "@core/enums";
import type { WireMessage } from "@party/protocol";
import { allClaimable } from "../attachments/uploads";
import { notBlockedBetween } from "../reach/reach";
import { chatPairAreFriends } from "./friendship";

export interface NewMessage {
  chatId: string;
  senderId: string;
  clientId: string;
  content: string;
  messageType: MessageType;
  replyToId?: number | null;
  /** Uploads the message carries: it is stored only if every one may be claimed (attachments/uploads.ts). */
  attachmentIds?: string[];
  /** When it is sent: how new an upload must still be. */
  now?: number;
  /** The sender's session check, when the statement carries it (`sessionHolds`, worker/trpc.ts). */
  sessionHolds?: SQL;
}

/** A message as the columns below read it. */
export interface MessageRow {
  id: number;
  chat_id: string;
  seq: number;
  sender_id: string;
  client_id: string;
  content: string;
  message_type: MessageType;
  created_at: number;
  /** JSON: WireMessage's replyTo, `deleted` as 0 or 1. */
  reply_to: string | null;
  edited_at: number | null;
  deleted_at: number | null;
  /** JSON: WireMessage's reactions. */
  reactions: string;
  /** JSON: WireMessage's attachments. */
  attachments: string;
  change_seq: number;
  preview_removed: number;
}

export const rowToWire = (row: MessageRow): WireMessage => {
  const replyTo = row.reply_to === null ? null : (JSON.parse(row.reply_to) as NonNullable<RawReply>);
  return {
    id: row.id,
    chatId: row.chat_id,
    seq: row.seq,
    senderId: row.sender_id,
    clientId: row.client_id,
    content: row.content,
    messageType: row.message_type,
    createdAt: row.created_at,
    replyTo: replyTo && { ...replyTo, deleted: Boolean(replyTo.deleted) },
    editedAt: row.edited_at,
    deletedAt: row.deleted_at,
    reactions: JSON.parse(row.reactions) as WireMessage["reactions"],
    attachments: JSON.parse(row.attachments) as WireMessage["attachments"],
    changeSeq: row.change_seq,
    previewRemoved: Boolean(row.preview_removed),
  };
};

type RawReply = Omit<NonNullable<WireMessage["replyTo"]>, "deleted"> & { deleted: number };

/** The first line of `column`, cut to QUOTE_LENGTH characters. */
const firstLine = (column: string) =>
  `substr(substr(${column}, 1, instr(${column} || char(10), char(10)) - 1), 1, ${QUOTE_LENGTH})`;

/**
 * What stands for a message of files alone, where one line sums it up (the chat lists, a reply's
 * quote): its first file's name after ATTACHMENT_MARK, as `filesLine` says it in the browser.
 */
export const firstFileLine = (message: string) =>
  `coalesce((SELECT '${ATTACHMENT_MARK} ' || a.name FROM message_attachments a
    WHERE a.message_id = ${message}.id ORDER BY a.position LIMIT 1), '')`;

/** A quote of message `r`: its first line, or its first file's line when it has no words. */
const quoteLine = `CASE WHEN r.content = '' THEN substr(${firstFileLine("r")}, 1, ${QUOTE_LENGTH}) ELSE ${firstLine("r.content")} END`;

/**
 * `MessageRow`'s columns of the `messages` row in scope: after SELECT over `messages`, or in an
 * INSERT's RETURNING. The quoted message is read by its primary key.
 */
export const MESSAGE_COLUMNS =
  sql.raw(`messages.id, messages.chat_id, messages.seq, messages.sender_id, messages.client_id,
  messages.content, messages.message_type, messages.created_at, messages.edited_at, messages.deleted_at,
  messages.reactions, messages.change_seq, messages.preview_removed,
  (SELECT json_object('id', r.id, 'seq', r.seq, 'senderId', r.sender_id, 'excerpt', ${quoteLine},
    'deleted', r.deleted_at IS NOT NULL) FROM messages r WHERE r.id = messages.reply_to_id) AS reply_to,
  (SELECT json_group_array(json_object('id', a.id, 'name', a.name, 'contentType', a.content_type, 'size', a.size)
    ORDER BY a.position) FROM message_attachments a WHERE a.message_id = messages.id) AS attachments`);

/** What an INSERT into messages returns, as `MessageRow`. */
export const RETURNING_MESSAGE = sql`RETURNING ${MESSAGE_COLUMNS}`;

/** Reads messages as `MessageRow`s: `where` and what follows it go after FROM messages. */
export const selectMessages = (rest: SQL) => sql`SELECT ${MESSAGE_COLUMNS} FROM messages ${rest}`;

/**
 * Inserts the message while its sender is still in the chat and, for a member's own words in a
 * private chat, while the two are still friends and neither has blocked the other; and, for a
 * reply, while what it answers is in the same chat. Nothing otherwise, or when this sender already
 * stored this client id (a retried send). Returns the new row, if any, with the chat's
 * `members_version` as of the insert (for `recipientsAt`). Triggers move the chat's newest
 * sequence number and the sender's read mark in the same statement (migration 0009).
 */
export function insertMessage(db: Db, m: NewMessage) {
  const replyToId = m.replyToId ?? null;
  return db.all<MessageRow & { members_version: number }>(sql`
    INSERT INTO messages (chat_id, sender_id, client_id, content, message_type, reply_to_id, seq)
    SELECT ${m.chatId}, ${m.senderId}, ${m.clientId}, ${m.content}, ${m.messageType}, ${replyToId},
      (SELECT coalesce(max(seq), 0) + 1 FROM messages WHERE chat_id = ${m.chatId})
    WHERE EXISTS (
      SELECT 1 FROM chat_participants
      WHERE chat_id = ${m.chatId} AND user_id = ${m.senderId} AND left_at IS NULL
    )
    ${m.messageType === "text" ? sql`AND EXISTS (${mayTalk(m.chatId, m.senderId)})` : sql``}
    ${replyToId === null ? sql`` : sql`AND EXISTS (SELECT 1 FROM messages WHERE id = ${replyToId} AND chat_id = ${m.chatId})`}
    ${m.attachmentIds?.length ? sql`AND ${allClaimable(m.chatId, m.senderId, m.attachmentIds, m.now ?? Date.now())}` : sql``}
    ${m.sessionHolds ? sql`AND ${m.sessionHolds}` : sql``}
    ON CONFLICT (sender_id, client_id) DO NOTHING
    ${RETURNING_MESSAGE}, (SELECT members_version FROM chats WHERE chats.id = messages.chat_id) AS members_version`);
}

/**
 * A group, or a private chat whose two members are still friends and may reach each other; never
 * an archived team chat.
 */
export const mayTalk = (chatId: string, senderId: string) => {
  const other = sql`(SELECT user_id FROM chat_participants WHERE chat_id = chats.id AND user_id <> ${senderId})`;
  return sql`SELECT 1 FROM chats WHERE chats.id = ${chatId} AND NOT chats.archived
    AND (chats.is_group OR (${chatPairAreFriends} AND ${notBlockedBetween(senderId, other)}))`;
};

/** The row a first insert returned, as the client sees it; null when the statement stored nothing. */
export const insertedMessage = (rows: MessageRow[]) => (rows[0] ? rowToWire(rows[0]) : null);

export async function messageByClientId(db: Db, senderId: string, clientId: string) {
  // `all`, not `get`: drizzle's `get` over raw SQL throws when no row comes back.
  const [row] = await db.all<MessageRow>(
    selectMessages(sql`WHERE sender_id = ${senderId} AND client_id = ${clientId}`),
  );
  return row ? rowToWire(row) : null;
}

/** Whether message `id` is in the chat (deleted or not): what a reply may answer. */
export async function messageInChat(db: Db, chatId: string, id: number) {
  const rows = await db.all(sql`SELECT 1 FROM messages WHERE id = ${id} AND chat_id = ${chatId}`);
  return rows.length > 0;
}

export interface MessageCursor {
  afterSeq?: number;
  beforeSeq?: number;
}

/**
 * The statement for one page of a chat's messages, read by `messagePage`: those after `afterSeq`
 * (catching up), those before `beforeSeq` (scrolling back), or the newest.
 */
export function messagePageQuery(db: Db, chatId: string, cursor: MessageCursor) {
  const limit = MESSAGE_PAGE_SIZE + 1;
  return cursor.afterSeq !== undefined
    ? db.all<MessageRow>(
        selectMessages(sql`WHERE chat_id = ${chatId} AND seq > ${cursor.afterSeq} ORDER BY seq LIMIT ${limit}`),
      )
    : db.all<MessageRow>(
        selectMessages(
          sql`WHERE chat_id = ${chatId} ${cursor.beforeSeq !== undefined ? sql`AND seq < ${cursor.beforeSeq}` : sql``}
            ORDER BY seq DESC LIMIT ${limit}`,
        ),
      );
}

/** The page a `messagePageQuery` read, oldest first, and whether another lies in its direction. */
export function messagePage(rows: MessageRow[], cursor: MessageCursor) {
  const hasMore = rows.length > MESSAGE_PAGE_SIZE;
  // Read newest first when scrolling back: the extra row that says there is more is the oldest.
  const page =
    cursor.afterSeq !== undefined ? rows.slice(0, MESSAGE_PAGE_SIZE) : [...rows].reverse().slice(hasMore ? 1 : 0);
  return { messages: page.map(rowToWire), hasMore };
}
