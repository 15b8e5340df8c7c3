/**
 * Read receipts. A member's `seen_seq` is what their page displayed (on screen, page visible), moved
 * only while they send receipts; those who stop sending them see no one's either. The unread
 * count's `last_read_seq` moves in the same statement, receipts or not.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@db/client";
import { privateChatHiddenFrom } from "../reach/reach";

/** A missing profile is tolerated elsewhere (spec §4); it keeps the default, on. */
const sendsReceipts = (userId: string | SQL) =>
  sql`coalesce((SELECT send_read_receipts FROM profiles WHERE profiles.id = ${userId}), 1)`;

/**
 * The member displayed the chat up to `seq` (no further than its newest message), as a statement:
 * moves their read mark, and their seen mark while they send receipts, never backwards, and only
 * while they may see the chat. Returns both marks as they are after, or no row when neither moved.
 */
export const markDisplayedQuery = (db: Db, chatId: string, userId: string, seq: number, sessionHolds?: SQL) => {
  const upTo = sql`min(${seq}, (SELECT last_seq FROM chats WHERE id = ${chatId}))`;
  return db.all<{ last_read_seq: number; seen_seq: number }>(sql`
    UPDATE chat_participants SET
      last_read_seq = max(last_read_seq, ${upTo}),
      seen_seq = CASE WHEN ${sendsReceipts(userId)} THEN max(seen_seq, ${upTo}) ELSE seen_seq END
    WHERE chat_id = ${chatId} AND user_id = ${userId} AND left_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM chats WHERE chats.id = ${chatId} AND ${privateChatHiddenFrom(userId)})
      AND (last_read_seq < ${upTo} OR (seen_seq < ${upTo} AND ${sendsReceipts(userId)}))
      ${sessionHolds ? sql`AND ${sessionHolds}` : sql``}
    RETURNING last_read_seq, seen_seq`);
};

/** Who is told that `userId` saw something, as a statement: the others in the chat who see receipts. */
export const receiptAudienceQuery = (db: Db, chatId: string, userId: string) =>
  db.all<{ user_id: string }>(sql`
    SELECT p.user_id FROM chat_participants p
    WHERE p.chat_id = ${chatId} AND p.left_at IS NULL AND p.user_id <> ${userId} AND ${sendsReceipts(sql.raw("p.user_id"))}`);

/**
 * How far each of the others displayed the chat, as `viewerId` may see it (nothing if they send no
 * receipts), as a statement; `seenMarks` reads its rows.
 */
export const seenMarksQuery = (db: Db, chatId: string, viewerId: string) =>
  db.all<{ user_id: string; seen_seq: number }>(sql`
    SELECT p.user_id, p.seen_seq FROM chat_participants p
    WHERE p.chat_id = ${chatId} AND p.left_at IS NULL AND p.user_id <> ${viewerId} AND p.seen_seq > 0
      AND ${sendsReceipts(sql.raw("p.user_id"))} AND ${sendsReceipts(viewerId)}
    ORDER BY p.user_id`);

export const seenMarks = (rows: { user_id: string; seen_seq: number }[]) =>
  rows.map((row) => ({ userId: row.user_id, seq: row.seen_seq }));
