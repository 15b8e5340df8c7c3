/**
 * Changing a stored message: an edit, a deletion for everyone, a reaction, its preview taken off. Each is one conditional
 * statement that checks who may make it, followed in the same transaction by a read of the message
 * as it now is. Triggers (migration 0016) keep the history, the reactions' summary and the chat's
 * change number in that same statement, so a retried or racing change never loses another.
 */
import { sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { MESSAGE_PAGE_SIZE, type Reaction } from "@core/chat-rules";
import { namedBatch } from "@db/batch";
import type { Db } from "@db/client";
import { mayTalk, rowToWire, selectMessages, type MessageRow } from "./messages";

interface Target {
  chatId: string;
  messageId: number;
  /** Who makes the change. */
  memberId: string;
}

/** Holds while the member is still in the message's chat. */
const stillIn = (t: Target) =>
  sql`EXISTS (SELECT 1 FROM chat_participants WHERE chat_id = ${t.chatId} AND user_id = ${t.memberId} AND left_at IS NULL)`;

/**
 * Runs `write`, then reads the message back in the same transaction: whether it changed, and how it
 * is. The statements `after` run last in that transaction; their answers come back in their order.
 */
async function changeThenRead(db: Db, t: Target, write: SQL, after: BatchItem<"sqlite">[] = []) {
  const {
    changed,
    read: [row],
    answers,
  } = await namedBatch(db, {
    changed: db.all<{ id: number }>(write),
    read: db.all<MessageRow>(selectMessages(sql`WHERE id = ${t.messageId} AND chat_id = ${t.chatId}`)),
    answers: after,
  });
  return { changed: changed.length > 0, message: row ? rowToWire(row) : null, after: answers as unknown[] };
}

/**
 * The author's own text, still there, while they may still talk in the chat; unchanged text changes
 * nothing. `after` (the notifications of those it newly mentions) commits with it or not at all.
 */
export const editMessage = (db: Db, t: Target, content: string, after: BatchItem<"sqlite">[] = []) =>
  changeThenRead(
    db,
    t,
    sql`UPDATE messages SET content = ${content}, edited_at = unixepoch('subsec') * 1000
      WHERE id = ${t.messageId} AND chat_id = ${t.chatId} AND sender_id = ${t.memberId}
        AND message_type = 'text' AND deleted_at IS NULL AND content IS NOT ${content}
        AND ${stillIn(t)} AND EXISTS (${mayTalk(t.chatId, t.memberId)})
      RETURNING id`,
    after,
  );

/** Deleted for everyone by its author, or in a group by an admin; its content leaves the row. */
export const deleteMessage = (db: Db, t: Target) =>
  changeThenRead(
    db,
    t,
    sql`UPDATE messages SET deleted_at = unixepoch('subsec') * 1000, deleted_by = ${t.memberId}, content = '',
        reply_to_id = NULL, edited_at = NULL, reactions = '{}'
      WHERE id = ${t.messageId} AND chat_id = ${t.chatId} AND message_type = 'text' AND deleted_at IS NULL
        AND EXISTS (
          SELECT 1 FROM chat_participants p JOIN chats c ON c.id = p.chat_id
          WHERE p.chat_id = ${t.chatId} AND p.user_id = ${t.memberId} AND p.left_at IS NULL
            AND (messages.sender_id = ${t.memberId} OR (c.is_group AND p.role = 'admin')))
      RETURNING id`,
  );

/** The author takes the link preview off their message, once: doing so again changes nothing. */
export const removePreview = (db: Db, t: Target) =>
  changeThenRead(
    db,
    t,
    sql`UPDATE messages SET preview_removed = 1
      WHERE id = ${t.messageId} AND chat_id = ${t.chatId} AND sender_id = ${t.memberId}
        AND message_type = 'text' AND deleted_at IS NULL AND NOT preview_removed AND ${stillIn(t)}
      RETURNING id`,
  );

/**
 * Sets the member's reaction with `emoji` on or off: setting what is already so changes nothing, so
 * a retry is harmless. Adding one needs what sending needs; taking one's own back needs only to be in.
 */
export const setReaction = (db: Db, t: Target, emoji: Reaction, on: boolean) =>
  changeThenRead(
    db,
    t,
    on
      ? sql`INSERT INTO message_reactions (message_id, emoji, member_id)
          SELECT id, ${emoji}, ${t.memberId} FROM messages
          WHERE id = ${t.messageId} AND chat_id = ${t.chatId} AND message_type = 'text' AND deleted_at IS NULL
            AND ${stillIn(t)} AND EXISTS (${mayTalk(t.chatId, t.memberId)})
          ON CONFLICT DO NOTHING
          RETURNING message_id AS id`
      : sql`DELETE FROM message_reactions
          WHERE message_id = ${t.messageId} AND emoji = ${emoji} AND member_id = ${t.memberId}
            AND EXISTS (SELECT 1 FROM messages WHERE id = ${t.messageId} AND chat_id = ${t.chatId})
            AND ${stillIn(t)}
          RETURNING message_id AS id`,
  );

/**
 * The chat's messages whose edit, deletion or reactions came after change number `afterChange`, in
 * the order of their latest change, as they are now (a statement; `changedPage` reads it).
 */
export const changedMessagesQuery = (db: Db, chatId: string, afterChange: number) =>
  db.all<MessageRow>(
    // `change_seq > 0` lets the partial index serve it.
    selectMessages(
      sql`WHERE chat_id = ${chatId} AND change_seq > 0 AND change_seq > ${afterChange} ORDER BY change_seq LIMIT ${MESSAGE_PAGE_SIZE + 1}`,
    ),
  );

/**
 * The page a `changedMessagesQuery` read. `changedUpTo` is where the next ask starts: every change
 * up to it is in this page or superseded by a later one still to come. `chatChangeSeq` is the
 * chat's change number, read in the same transaction as the page, so nothing changed in between.
 */
export function changedPage(rows: MessageRow[], afterChange: number, chatChangeSeq: number) {
  const hasMore = rows.length > MESSAGE_PAGE_SIZE;
  const page = rows.slice(0, MESSAGE_PAGE_SIZE).map(rowToWire);
  const last = page.at(-1)?.changeSeq ?? afterChange;
  return {
    messages: page,
    changedUpTo: hasMore ? last : Math.max(last, chatChangeSeq, afterChange),
    hasMore,
  };
}
