/**
 * Friendship writes. One row per pair (the UNIQUE `pair_key`), and every change is one conditional
 * statement, so simultaneous requests, double clicks and an accept racing a cancel each leave the
 * pair in one whole state. When a statement changes nothing, the row as it now stands says why.
 */
import { TRPCError } from "@trpc/server";
import { and, eq, sql } from "drizzle-orm";
import { namedBatch } from "@db/batch";
import type { Db } from "@db/client";
import {
  ALREADY_FRIENDS,
  CANNOT_ADD_YOURSELF,
  ALREADY_RECEIVED,
  ALREADY_SENT,
  NOT_FRIENDS,
  ONLY_RECIPIENT_ANSWERS,
  ONLY_SENDER_CANCELS,
  PAIR_BUSY,
  REQUEST_GONE,
} from "@core/friend-rules";
import { YOU_BLOCKED } from "@core/safety-rules";
import { isForeignKeyViolation } from "@db/errors";
import { friends } from "@db/schema";
import { JUST_WRITTEN, notificationStatements, settleNotification, withdrawNotification } from "../notifications/write";
import { blockBetween, notBlockedBetween } from "../reach/reach";
import { countAttempts, withinLimit, type Attempt } from "../auth/rate-limit";
import { memberToAskQuery, type MemberLookup } from "./lists";

type Friendship = typeof friends.$inferSelect;

const pairKey = (a: string, b: string) => sql`min(${a}, ${b}) || ' ' || max(${a}, ${b})`;

async function rowOfPair(db: Db, a: string, b: string) {
  const [row] = await db
    .select()
    .from(friends)
    .where(eq(friends.pairKey, pairKey(a, b)));
  return row ?? null;
}

/** The request by id, but only for its two sides: anyone else learns nothing about it. */
async function requestOf(db: Db, requestId: string, memberId: string) {
  const [row] = await db.select().from(friends).where(eq(friends.id, requestId));
  if (!row || (row.userId !== memberId && row.friendId !== memberId)) {
    throw new TRPCError({ code: "NOT_FOUND", message: REQUEST_GONE });
  }
  return row;
}

function refuseExisting(row: Friendship, memberId: string): never {
  if (row.status === "accepted") throw new TRPCError({ code: "CONFLICT", message: ALREADY_FRIENDS });
  const message = row.userId === memberId ? ALREADY_SENT : ALREADY_RECEIVED;
  throw new TRPCError({ code: "CONFLICT", message });
}

/**
 * A pending request from `from` to the member `to` names, unless the pair already has a row or a
 * block keeps them apart (checked in the inserting statement, so a block a moment earlier always
 * wins); the recipient's notification is written with it, and only when it was. One round trip
 * when it goes through: the lookup, the attempt's counting (`limit`) and the write are one batch,
 * and the write guards itself with what the others check. A member who blocked `from`, one who is
 * not there, and one whose account went a moment ago are all answered `gone`: the words the caller
 * uses for a member who is not there.
 */
export async function sendRequest(
  db: Db,
  from: string,
  to: MemberLookup,
  gone: string,
  limit?: { attempts: Attempt[]; message: (retryAfterMs: number) => string },
) {
  const recipient = "id" in to ? sql`users.id = ${to.id}` : sql`users.email = ${to.email}`;
  const withinLimits = sql.join((limit?.attempts ?? []).map((attempt) => sql` AND ${withinLimit(attempt)}`));
  // The pair's row can vanish between the refused insert and the read (a cancel, a reject): then
  // the way is clear, and the insert is tried again, the attempt counted once.
  for (let attempt = 0; attempt < 3; attempt++) {
    const id = crypto.randomUUID();
    const counting = countAttempts(db, attempt === 0 ? (limit?.attempts ?? []) : []);
    const {
      counted,
      member: [member],
      created: [created],
      notice: [notified],
    } = await namedBatch(db, {
      counted: counting.statements,
      member: memberToAskQuery(db, to),
      created: db.all<{ id: string }>(sql`
        INSERT INTO friends (id, user_id, friend_id)
        SELECT ${id}, ${from}, users.id FROM users
        WHERE ${recipient} AND users.id <> ${from} AND ${notBlockedBetween(from, sql`users.id`)}${withinLimits}
        ON CONFLICT DO NOTHING RETURNING id`),
      notice: notificationStatements(db, {
        kind: "friend_request",
        recipient: sql`(SELECT friend_id FROM friends WHERE id = ${id})`,
        actorId: from,
        eventKey: id,
        happened: JUST_WRITTEN,
      }),
    }).catch((error: unknown) => {
      throw isForeignKeyViolation(error) ? new TRPCError({ code: "NOT_FOUND", message: gone }) : error;
    });
    if (limit) counting.refuseOver(counted, limit.message);
    if (!member) throw new TRPCError({ code: "NOT_FOUND", message: gone });
    if (member.id === from) throw new TRPCError({ code: "BAD_REQUEST", message: CANNOT_ADD_YOURSELF });
    if (created) return { row: created, notified, member };
    const existing = await rowOfPair(db, from, member.id);
    if (existing) refuseExisting(existing, from);
    const block = await blockBetween(db, from, member.id);
    if (block === "mine") throw new TRPCError({ code: "FORBIDDEN", message: YOU_BLOCKED });
    if (block === "theirs") throw new TRPCError({ code: "NOT_FOUND", message: gone });
  }
  // Requests made and withdrawn again and again meanwhile: the member's own retry will settle it.
  throw new TRPCError({ code: "CONFLICT", message: PAIR_BUSY });
}

/**
 * Accepting twice is answered the same both times: the two are friends either way. A block
 * between them (which removes the request) is checked in the same statement. The requester is
 * told once, and the request's own notification stops waiting for an answer.
 */
export async function acceptRequest(db: Db, requestId: string, memberId: string) {
  const {
    accepted: [accepted],
    notice: [notified],
    settled,
  } = await namedBatch(db, {
    accepted: db
      .update(friends)
      .set({ status: "accepted" })
      .where(
        and(
          eq(friends.id, requestId),
          eq(friends.friendId, memberId),
          eq(friends.status, "pending"),
          notBlockedBetween(friends.userId, friends.friendId),
        ),
      )
      .returning(),
    notice: notificationStatements(db, {
      kind: "friend_accepted",
      recipient: sql`(SELECT user_id FROM friends WHERE id = ${requestId})`,
      actorId: memberId,
      eventKey: requestId,
      happened: JUST_WRITTEN,
    }),
    settled: settleNotification(db, memberId, "friend_request", requestId),
  });
  if (accepted) return { row: accepted, notified: [...notified, ...settled] };
  const row = await requestOf(db, requestId, memberId);
  if (row.userId === memberId) throw new TRPCError({ code: "FORBIDDEN", message: ONLY_RECIPIENT_ANSWERS });
  return { row, notified: settled };
}

export async function rejectRequest(db: Db, requestId: string, memberId: string) {
  const {
    rejected: [rejected],
    settled,
  } = await namedBatch(db, {
    rejected: db
      .delete(friends)
      .where(and(eq(friends.id, requestId), eq(friends.friendId, memberId), eq(friends.status, "pending")))
      .returning(),
    settled: settleNotification(db, memberId, "friend_request", requestId),
  });
  if (rejected) return { row: rejected, notified: settled };
  const row = await requestOf(db, requestId, memberId);
  if (row.userId === memberId) throw new TRPCError({ code: "FORBIDDEN", message: ONLY_RECIPIENT_ANSWERS });
  throw new TRPCError({ code: "CONFLICT", message: ALREADY_FRIENDS });
}

/** The request goes, and with it the notification that asked the other member to answer it. */
export async function cancelRequest(db: Db, requestId: string, memberId: string) {
  const pending = and(eq(friends.id, requestId), eq(friends.userId, memberId), eq(friends.status, "pending"));
  const {
    withdrawn,
    cancelled: [cancelled],
  } = await namedBatch(db, {
    // First, while the request is there to name its recipient; it goes in the same transaction.
    withdrawn: withdrawNotification(
      db,
      sql`(SELECT ${friends.friendId} FROM ${friends} WHERE ${pending})`,
      "friend_request",
      requestId,
    ),
    cancelled: db.delete(friends).where(pending).returning(),
  });
  if (cancelled) return { row: cancelled, notified: withdrawn };
  const row = await requestOf(db, requestId, memberId);
  if (row.friendId === memberId) throw new TRPCError({ code: "FORBIDDEN", message: ONLY_SENDER_CANCELS });
  throw new TRPCError({ code: "CONFLICT", message: ALREADY_FRIENDS });
}

/** Ends a friendship for both members. */
export async function removeFriend(db: Db, memberId: string, otherId: string) {
  const [removed] = await db
    .delete(friends)
    .where(and(eq(friends.pairKey, pairKey(memberId, otherId)), eq(friends.status, "accepted")))
    .returning();
  if (!removed) throw new TRPCError({ code: "NOT_FOUND", message: NOT_FRIENDS });
  return removed;
}

export type Relationship =
  { status: "self" | "none" | "blocked" } | { status: "sent" | "received" | "friends"; requestId: string };

/**
 * Where the member stands with another, as the profile view's action button needs it. 'blocked'
 * only for the blocker: to the blocked member they are strangers.
 */
export async function relationshipWith(db: Db, memberId: string, otherId: string): Promise<Relationship> {
  if (memberId === otherId) return { status: "self" };
  if ((await blockBetween(db, memberId, otherId)) === "mine") return { status: "blocked" };
  const row = await rowOfPair(db, memberId, otherId);
  if (!row) return { status: "none" };
  if (row.status === "accepted") return { status: "friends", requestId: row.id };
  return { status: row.userId === memberId ? "sent" : "received", requestId: row.id };
}
