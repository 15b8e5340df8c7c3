/**
 * Who may chat with whom. The friends table belongs to the friends feature; chats read accepted
 * friendships from it here and nowhere else.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@db/client";

/** A condition that holds while `a` and `b` (ids or SQL expressions) are accepted friends. */
export const friendsCondition = (a: string | SQL, b: string | SQL) =>
  sql`EXISTS (SELECT 1 FROM friends WHERE friends.pair_key = min(${a}, ${b}) || ' ' || max(${a}, ${b}) AND friends.status = 'accepted')`;

/**
 * Inside a query over `chats`: holds while that private chat's two members are accepted friends. A
 * chat's pair key is built like the friends table's, so the two match.
 */
export const chatPairAreFriends = sql`EXISTS (SELECT 1 FROM friends WHERE friends.pair_key = chats.pair_key AND friends.status = 'accepted')`;

export async function areFriends(db: Db, a: string, b: string) {
  const row = await db.get<{ ok: number }>(sql`SELECT ${friendsCondition(a, b)} AS ok`);
  return Boolean(row?.ok);
}

/** The ids among `ids` that are not accepted friends of `userId`. */
export async function notFriends(db: Db, userId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db.all<{ id: string }>(
    sql`SELECT value AS id FROM json_each(${JSON.stringify(ids)}) WHERE NOT ${friendsCondition(userId, sql`value`)}`,
  );
  return rows.map((row) => row.id);
}
