/**
 * Writing and reading messages. Each message gets the chat's next sequence number in the very
 * statement that inserts it, so numbers are gapless per chat and a client can see what it missed.
 */
import { and, asc, desc, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { MESSAGE_PAGE_SIZE } from "@core/chat-rules";
import type { MessageType } from "@core/enums";
import { messages, type Message } from "@db/schema";
import type { WireMessage } from "@party/protocol";
import { notBlockedBetween } from "../safety/reach";
import { chatPairAreFriends } from "./friendship";

export const toWire = (
  m: Pick<Message, "id" | "chatId" | "seq" | "senderId" | "clientId" | "content" | "messageType" | "createdAt">,
): WireMessage => ({
  id: m.id,
  chatId: m.chatId,
  seq: m.seq,
  senderId: m.senderId,
  clientId: m.clientId,
  content: m.content,
  messageType: m.messageType,
  createdAt: m.createdAt.getTime(),
});

interface NewMessage {
  chatId: string;
  senderId: string;
  clientId: string;
  content: string;
  messageType: "text" | "system";
}

export interface MessageRow {
  id: number;
  chat_id: string;
  seq: number;
  sender_id: string;
  client_id: string;
  content: string;
  message_type: MessageType;
  created_at: number;
}

export const rowToWire = (row: MessageRow): WireMessage => ({
  id: row.id,
  chatId: row.chat_id,
  seq: row.seq,
  senderId: row.sender_id,
  clientId: row.client_id,
  content: row.content,
  messageType: row.message_type,
  createdAt: row.created_at,
});

/** What an INSERT into messages returns, as `MessageRow`. */
export const RETURNING_MESSAGE = sql.raw(
  "RETURNING id, chat_id, seq, sender_id, client_id, content, message_type, created_at",
);

/**
 * Inserts the message while its sender is still in the chat and, for a member's own words in a
 * private chat, while the two are still friends and neither has blocked the other; nothing
 * otherwise, or when this sender already
 * stored this client id (a retried send). Returns the new row, if any, with the chat's
 * `members_version` as of the insert (for `recipientsAt`). Triggers move the chat's newest
 * sequence number and the sender's read mark in the same statement (migration 0009).
 */
export function insertMessage(db: Db, m: NewMessage) {
  return db.all<MessageRow & { members_version: number }>(sql`
    INSERT INTO messages (chat_id, sender_id, client_id, content, message_type, seq)
    SELECT ${m.chatId}, ${m.senderId}, ${m.clientId}, ${m.content}, ${m.messageType},
      (SELECT coalesce(max(seq), 0) + 1 FROM messages WHERE chat_id = ${m.chatId})
    WHERE EXISTS (
      SELECT 1 FROM chat_participants
      WHERE chat_id = ${m.chatId} AND user_id = ${m.senderId} AND left_at IS NULL
    )
    ${m.messageType === "text" ? sql`AND EXISTS (${mayTalk(m.chatId, m.senderId)})` : sql``}
    ON CONFLICT (sender_id, client_id) DO NOTHING
    ${RETURNING_MESSAGE}, (SELECT members_version FROM chats WHERE chats.id = messages.chat_id) AS members_version`);
}

/**
 * A group, or a private chat whose two members are still friends and may reach each other; never
 * an archived team chat.
 */
const mayTalk = (chatId: string, senderId: string) => {
  const other = sql`(SELECT user_id FROM chat_participants WHERE chat_id = chats.id AND user_id <> ${senderId})`;
  return sql`SELECT 1 FROM chats WHERE chats.id = ${chatId} AND NOT chats.archived
    AND (chats.is_group OR (${chatPairAreFriends} AND ${notBlockedBetween(senderId, other)}))`;
};

/** The row a first insert returned, as the client sees it; null when the statement stored nothing. */
export const insertedMessage = (rows: MessageRow[]) => (rows[0] ? rowToWire(rows[0]) : null);

export async function messageByClientId(db: Db, senderId: string, clientId: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)));
  return row ? toWire(row) : null;
}

const wireColumns = {
  id: messages.id,
  chatId: messages.chatId,
  seq: messages.seq,
  senderId: messages.senderId,
  clientId: messages.clientId,
  content: messages.content,
  messageType: messages.messageType,
  createdAt: messages.createdAt,
};

/**
 * One page of a chat's messages, oldest first: those after `afterSeq` (catching up), those before
 * `beforeSeq` (scrolling back), or the newest. `hasMore` says another page lies in that direction.
 */
export async function readMessages(db: Db, chatId: string, cursor: { afterSeq?: number; beforeSeq?: number }) {
  const limit = MESSAGE_PAGE_SIZE + 1;
  const rows =
    cursor.afterSeq !== undefined
      ? await db
          .select(wireColumns)
          .from(messages)
          .where(and(eq(messages.chatId, chatId), gt(messages.seq, cursor.afterSeq)))
          .orderBy(asc(messages.seq))
          .limit(limit)
      : (
          await db
            .select(wireColumns)
            .from(messages)
            .where(
              cursor.beforeSeq !== undefined
                ? and(eq(messages.chatId, chatId), lt(messages.seq, cursor.beforeSeq))
                : eq(messages.chatId, chatId),
            )
            .orderBy(desc(messages.seq))
            .limit(limit)
        ).reverse();
  const hasMore = rows.length === limit;
  const page = cursor.afterSeq !== undefined ? rows.slice(0, MESSAGE_PAGE_SIZE) : rows.slice(hasMore ? 1 : 0);
  return { messages: page.map(toWire), hasMore };
}
