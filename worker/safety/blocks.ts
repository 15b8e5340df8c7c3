/**
 * A member's blocks: stored, lifted, listed. What a block ends (friendship, pending requests) the
 * database ends in the statement that stores it (trigger `blocks_after_insert`, the safety migration);
 * what was news between the two stops being news in the same batch.
 */
import { TRPCError } from "@trpc/server";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { MEMBER_NOT_FOUND } from "@core/friend-rules";
import { chatPushTag, NOTIFICATION_PUSH_TAG } from "@core/push-rules";
import { CANNOT_BLOCK_YOURSELF, NOT_BLOCKED } from "@core/safety-rules";
import { isForeignKeyViolation } from "@db/errors";
import { blocks, chatParticipants, chats, profiles, users } from "@db/schema";
import { pairKey } from "@core/friend-rules";
import { nameOf } from "../people/names";

export const BLOCKED_PAGE_SIZE = 20;

/** The pair's private chat, if they ever had one, and whether `memberId` is still in it. */
async function privateChatOf(db: Db, memberId: string, otherId: string) {
  const [row] = await db
    .select({ id: chats.id, leftAt: chatParticipants.leftAt })
    .from(chats)
    .innerJoin(chatParticipants, and(eq(chatParticipants.chatId, chats.id), eq(chatParticipants.userId, memberId)))
    .where(eq(chats.pairKey, pairKey(memberId, otherId)));
  return row ? { id: row.id, current: row.leftAt === null } : null;
}

/**
 * Their unread notifications from each other are read: hidden while the block stands (the bell's
 * rule, worker/notifications/inbox.ts), they do not come back unread when it is lifted.
 */
const readNotificationsBetween = (db: Db, a: string, b: string) =>
  db.run(sql`UPDATE notifications SET read_at = ${Date.now()}
    WHERE read_at IS NULL AND ((recipient_id = ${a} AND actor_id = ${b}) OR (recipient_id = ${b} AND actor_id = ${a}))`);

/**
 * Pushes not yet sent to either of them that tell of the other (a notification the other caused, a
 * message in their private chat) are settled unsent. Only waiting rows are read, through the
 * outbox's due index; a notification's push names it by id in its tag.
 */
function withdrawPushesBetween(db: Db, a: string, b: string, chatId: string | null) {
  const tag = sql`json_extract(push_outbox.payload, '$.tag')`;
  const other = sql`CASE push_outbox.member_id WHEN ${a} THEN ${b} ELSE ${a} END`;
  return db.run(sql`UPDATE push_outbox SET next_attempt_at = NULL
    WHERE next_attempt_at IS NOT NULL AND member_id IN (${a}, ${b}) AND (
      ${tag} = ${chatId ? chatPushTag(chatId) : null}
      OR (${tag} LIKE ${`${NOTIFICATION_PUSH_TAG}%`} AND EXISTS (
        SELECT 1 FROM notifications n
        WHERE n.id = CAST(substr(${tag}, ${NOTIFICATION_PUSH_TAG.length + 1}) AS INTEGER) AND n.actor_id = ${other})))`);
}

/** Blocking twice is answered alike. Returns the pair's private chat, which the blocker no longer sees. */
export async function blockMember(db: Db, blockerId: string, blockedId: string) {
  if (blockerId === blockedId) throw new TRPCError({ code: "BAD_REQUEST", message: CANNOT_BLOCK_YOURSELF });
  const [chat] = await db
    .select({ id: chats.id })
    .from(chats)
    .where(eq(chats.pairKey, pairKey(blockerId, blockedId)));
  await db
    .batch([
      db.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing(),
      readNotificationsBetween(db, blockerId, blockedId),
      withdrawPushesBetween(db, blockerId, blockedId, chat?.id ?? null),
    ])
    .catch((error: unknown) => {
      throw isForeignKeyViolation(error) ? new TRPCError({ code: "NOT_FOUND", message: MEMBER_NOT_FOUND }) : error;
    });
  return privateChatOf(db, blockerId, blockedId);
}

/** Returns the pair's private chat, back in the member's list if they are still in it. */
export async function unblockMember(db: Db, blockerId: string, blockedId: string) {
  const removed = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .returning({ blockedId: blocks.blockedId });
  if (removed.length === 0) throw new TRPCError({ code: "NOT_FOUND", message: NOT_BLOCKED });
  return privateChatOf(db, blockerId, blockedId);
}

export interface BlockedCursor {
  blockedAt: number;
  id: string;
}

/** Settings' list: the members the member blocked, newest first, a page at a time. */
export async function blockedMembers(db: Db, blockerId: string, cursor: BlockedCursor | null) {
  const rows = await db
    .select({
      id: blocks.blockedId,
      blockedAt: blocks.createdAt,
      name: nameOf("profiles"),
      avatarUrl: profiles.avatarUrl,
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .leftJoin(profiles, eq(profiles.id, blocks.blockedId))
    .where(
      and(
        eq(blocks.blockerId, blockerId),
        cursor ? sql`(${blocks.createdAt}, ${blocks.blockedId}) < (${cursor.blockedAt}, ${cursor.id})` : undefined,
      ),
    )
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
    .limit(BLOCKED_PAGE_SIZE + 1);
  const items = rows.slice(0, BLOCKED_PAGE_SIZE);
  const last = items.at(-1);
  const nextCursor: BlockedCursor | null =
    rows.length > BLOCKED_PAGE_SIZE && last ? { blockedAt: last.blockedAt.getTime(), id: last.id } : null;
  return { items, nextCursor };
}
