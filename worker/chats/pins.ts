/**
 * Pinned messages. Pinning and unpinning are each one conditional statement that checks who may
 * make it (either member of a private chat, a group's admin), followed in the same transaction by
 * the chat's pins as they now are; a retry changes nothing.
 */
import { sql } from "drizzle-orm";
import { MAX_PINS_PER_CHAT, PIN_EXCERPT_LENGTH } from "@core/pin-rules";
import type { Db } from "@db/client";
import { firstFileLine, mayTalk } from "./messages";

export interface PinTarget {
  chatId: string;
  messageId: number;
  /** Who pins or unpins. */
  memberId: string;
}

/** Holds while the member is in the chat and may pin there: a private chat's member, a group's admin. */
const mayPin = (t: PinTarget) =>
  sql`EXISTS (SELECT 1 FROM chat_participants p JOIN chats c ON c.id = p.chat_id
    WHERE p.chat_id = ${t.chatId} AND p.user_id = ${t.memberId} AND p.left_at IS NULL
      AND (NOT c.is_group OR p.role = 'admin'))`;

/**
 * The message still standing, pinned while the chat has room and the member may still talk there (a
 * private chat across a block or an ended friendship, an archived team chat: no).
 */
const pinStatement = (t: PinTarget) =>
  sql`INSERT INTO message_pins (message_id, chat_id, pinned_by)
    SELECT id, chat_id, ${t.memberId} FROM messages
    WHERE id = ${t.messageId} AND chat_id = ${t.chatId} AND message_type = 'text' AND deleted_at IS NULL
      AND ${mayPin(t)} AND EXISTS (${mayTalk(t.chatId, t.memberId)})
      AND (SELECT count(*) FROM message_pins WHERE chat_id = ${t.chatId}) < ${MAX_PINS_PER_CHAT}
    ON CONFLICT DO NOTHING
    RETURNING message_id AS id`;

const unpinStatement = (t: PinTarget) =>
  sql`DELETE FROM message_pins WHERE message_id = ${t.messageId} AND chat_id = ${t.chatId} AND ${mayPin(t)}
    RETURNING message_id AS id`;

interface PinRow {
  message_id: number;
  seq: number;
  sender_id: string;
  excerpt: string;
  created_at: number;
  pinned_by: string;
  pinned_at: number;
}

/** The chat's pins, newest first, each with enough of its message to show it and find it. */
export const pinsQuery = (db: Db, chatId: string) =>
  db.all<PinRow>(sql`
    SELECT m.id AS message_id, m.seq, m.sender_id, m.created_at, p.pinned_by, p.pinned_at,
      CASE WHEN m.content = '' THEN ${sql.raw(firstFileLine("m"))} ELSE substr(m.content, 1, ${PIN_EXCERPT_LENGTH}) END AS excerpt
    FROM message_pins p JOIN messages m ON m.id = p.message_id
    WHERE p.chat_id = ${chatId}
    ORDER BY p.pinned_at DESC, p.message_id DESC
    LIMIT ${MAX_PINS_PER_CHAT}`);

export const pinsFrom = (rows: PinRow[]) =>
  rows.map((row) => ({
    messageId: row.message_id,
    seq: row.seq,
    senderId: row.sender_id,
    excerpt: row.excerpt,
    createdAt: row.created_at,
    pinnedBy: row.pinned_by,
    pinnedAt: row.pinned_at,
  }));
export type Pin = ReturnType<typeof pinsFrom>[number];

/** What a pin or unpin needs read beside it, to answer or to say why it changed nothing. */
export const pinChange = (db: Db, t: PinTarget, on: boolean) => ({
  changed: db.all<{ id: number }>(on ? pinStatement(t) : unpinStatement(t)),
  message: db.all<{ standing: number; pinned: number }>(sql`
    SELECT message_type = 'text' AND deleted_at IS NULL AS standing,
      EXISTS (SELECT 1 FROM message_pins WHERE message_id = messages.id) AS pinned
    FROM messages WHERE id = ${t.messageId} AND chat_id = ${t.chatId}`),
  count: db.all<{ n: number }>(sql`SELECT count(*) AS n FROM message_pins WHERE chat_id = ${t.chatId}`),
  pins: pinsQuery(db, t.chatId),
});
