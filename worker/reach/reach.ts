/**
 * "May A reach B?": the one rule every path from one member to another asks (friend requests,
 * private messages, join requests, and calls, mentions, notifications, search and suggestions). A
 * block in either direction keeps the two apart. Writes embed `notBlockedBetween` in the statement
 * that writes, so a block committed a moment earlier is always seen: check and write are one.
 */
import { sql, type SQLWrapper } from "drizzle-orm";
import type { Db } from "@db/client";

/**
 * A condition that holds while neither of `a` and `b` (ids, or SQL expressions such as a column)
 * has blocked the other: two primary-key lookups.
 */
export const notBlockedBetween = (a: string | SQLWrapper, b: string | SQLWrapper) =>
  sql`NOT EXISTS (SELECT 1 FROM blocks WHERE (blocks.blocker_id = ${a} AND blocks.blocked_id = ${b}) OR (blocks.blocker_id = ${b} AND blocks.blocked_id = ${a}))`;

/** A condition that holds while `blocker` has blocked `blocked` (this direction only). */
export const hasBlocked = (blocker: string | SQLWrapper, blocked: string | SQLWrapper) =>
  sql`EXISTS (SELECT 1 FROM blocks WHERE blocks.blocker_id = ${blocker} AND blocks.blocked_id = ${blocked})`;

/** Of `others`, in their order, those `memberId` may reach right now: one statement, two lookups each. */
export async function reachableAmong(db: Db, memberId: string, others: string[]) {
  if (others.length === 0) return [];
  const rows = await db.all<{ id: string }>(
    sql`SELECT value AS id FROM json_each(${JSON.stringify(others)})
      WHERE ${notBlockedBetween(memberId, sql`value`)} ORDER BY key`,
  );
  return rows.map((row) => row.id);
}

/** The blocks among `memberIds`, blocker first: one statement over the few blocks each member made. */
export async function blocksAmong(db: Db, memberIds: string[]): Promise<[string, string][]> {
  const ids = JSON.stringify(memberIds);
  const rows = await db.all<{ blocker_id: string; blocked_id: string }>(
    sql`SELECT blocker_id, blocked_id FROM blocks
      WHERE blocker_id IN (SELECT value FROM json_each(${ids})) AND blocked_id IN (SELECT value FROM json_each(${ids}))`,
  );
  return rows.map((row) => [row.blocker_id, row.blocked_id]);
}

/** Which way a block between the two runs, if any: the blocker is told why, the blocked member is not. */
export async function blockBetween(db: Db, memberId: string, otherId: string) {
  const row = await db.get<{ mine: number; theirs: number }>(
    sql`SELECT ${hasBlocked(memberId, otherId)} AS mine, ${hasBlocked(otherId, memberId)} AS theirs`,
  );
  if (row?.mine) return "mine" as const;
  if (row?.theirs) return "theirs" as const;
  return null;
}

/** A block's pair as a private chat's `pair_key` names it: the two ids, sorted. */
const BLOCKED_PAIR = sql`min(blocks.blocker_id, blocks.blocked_id) || ' ' || max(blocks.blocker_id, blocks.blocked_id)`;

/**
 * Inside a query over `chats` (under the name `chat`): holds when the chat is private and
 * `memberId` blocked its other member. Such a chat is hidden from the blocker, history kept, until
 * they unblock. A private chat's pair key is the pair's sorted ids, so the member's few blocks are
 * matched against it.
 */
export function privateChatHiddenFrom(memberId: string | SQLWrapper, chat = "chats") {
  const c = sql.raw(chat);
  return sql`(${c}.is_group = 0 AND EXISTS (SELECT 1 FROM blocks WHERE blocks.blocker_id = ${memberId} AND ${c}.pair_key = ${BLOCKED_PAIR}))`;
}

/**
 * As `privateChatHiddenFrom`, in both directions: holds when the chat is private and a block stands
 * between `memberId` and its other member, whoever made it. Nothing of such a chat is news to either.
 */
export function privateChatBlockedFor(memberId: string | SQLWrapper, chat = "chats") {
  const c = sql.raw(chat);
  return sql`(${c}.is_group = 0 AND EXISTS (SELECT 1 FROM blocks WHERE (blocks.blocker_id = ${memberId} OR blocks.blocked_id = ${memberId}) AND ${c}.pair_key = ${BLOCKED_PAIR}))`;
}
