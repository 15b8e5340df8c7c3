/** What a member sees of the people on the other side of their friendships and requests. */
import { and, asc, count, desc, eq, or, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { friends, profiles, users } from "@db/schema";
import { notBlockedBetween } from "../reach/reach";

/**
 * Each row's other side, with their e-mail: lists only ever hold rows where the caller is a side,
 * and the two sides of a request or a friendship may see each other's address.
 */
const otherSide = {
  id: users.id,
  email: users.email,
  displayName: profiles.displayName,
  avatarUrl: profiles.avatarUrl,
  specialization: profiles.specialization,
  bio: profiles.bio,
};

export function friendsOf(db: Db, memberId: string) {
  const other = sql`CASE WHEN ${friends.userId} = ${memberId} THEN ${friends.friendId} ELSE ${friends.userId} END`;
  return (
    db
      .select({ ...otherSide, since: friends.createdAt })
      .from(friends)
      .innerJoin(users, eq(users.id, other))
      // A profile may be missing (spec §4): the member still shows, named by their e-mail.
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(
        and(
          eq(friends.status, "accepted"),
          or(eq(friends.userId, memberId), eq(friends.friendId, memberId)),
          notBlockedBetween(friends.userId, friends.friendId),
        ),
      )
      .orderBy(asc(sql`lower(coalesce(${profiles.displayName}, ${users.email}))`), asc(users.id))
  );
}

/** Pending requests sent to the member (incoming) or by them (sent), newest first. */
export function pendingRequests(db: Db, memberId: string, direction: "incoming" | "sent") {
  const [mine, theirs] =
    direction === "incoming" ? [friends.friendId, friends.userId] : [friends.userId, friends.friendId];
  return db
    .select({ id: friends.id, createdAt: friends.createdAt, member: otherSide })
    .from(friends)
    .innerJoin(users, eq(users.id, theirs))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(and(eq(mine, memberId), eq(friends.status, "pending")))
    .orderBy(desc(friends.createdAt), desc(friends.id));
}

export async function incomingCount(db: Db, memberId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(friends)
    .where(and(eq(friends.friendId, memberId), eq(friends.status, "pending")));
  return row?.n ?? 0;
}

/** How a friend request names the member it goes to: their id (a profile) or their address (Add Friend). */
export type MemberLookup = { id: string } | { email: string };

/** A member a friend request may go to, found by id or by address, with the name the request shows, as a statement. */
export const memberToAskQuery = (db: Db, by: MemberLookup) =>
  db
    .select({ id: users.id, email: users.email, displayName: profiles.displayName })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where("id" in by ? eq(users.id, by.id) : eq(users.email, by.email));

export async function memberToAsk(db: Db, by: MemberLookup) {
  const [member] = await memberToAskQuery(db, by);
  return member ?? null;
}
