/**
 * A member's blocks: stored, lifted, listed. What a block ends (friendship, pending requests) the
 * database ends in the statement that stores it (trigger `blocks_after_insert`, the safety migration).
 */
import { TRPCError } from "@trpc/server";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { MEMBER_NOT_FOUND } from "@core/friend-rules";
import { CANNOT_BLOCK_YOURSELF, NOT_BLOCKED } from "@core/safety-rules";
import { isForeignKeyViolation } from "@db/errors";
import { blocks, chatParticipants, chats, profiles, users } from "@db/schema";
import { pairKey } from "../chats/friendship";
import { nameOf } from "../chats/listing";

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

/** Blocking twice is answered alike. Returns the pair's private chat, which the blocker no longer sees. */
export async function blockMember(db: Db, blockerId: string, blockedId: string) {
  if (blockerId === blockedId) throw new TRPCError({ code: "BAD_REQUEST", message: CANNOT_BLOCK_YOURSELF });
  await db
    .insert(blocks)
    .values({ blockerId, blockedId })
    .onConflictDoNothing()
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
