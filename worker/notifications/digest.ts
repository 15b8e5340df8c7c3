/**
 * The e-mail digest, a step of the scheduled job: to each member with notifications still unread
 * DIGEST_DELAY_MS after they were made, or private chats whose newest unread message is that old,
 * one e-mail of what they missed, at most one every DIGEST_INTERVAL_MS, of the kinds whose e-mail
 * they left on.
 *
 * Who is due is `notification_digests.due_at`, kept by triggers in the statement that writes a
 * notification or a private message (migration 0013), so finding them reads an index, never the
 * notifications or the participants. A claim is one statement that moves a due member's `due_at`
 * forward by a lease; the lease's value is then the claim's token: the batch that queues the e-mail,
 * marks what it told of (`notifications.emailed_at`, `chat_participants.notified_seq`) and sets the
 * next due time acts only while `due_at` still holds it. So however many processes or isolates run
 * this at once, a member gets one digest, and a notification or a message is in one digest at most.
 */
import { and, asc, eq, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { NOTIFICATION_KINDS, type NotificationKind } from "@core/enums";
import { DIGEST_DELAY_MS, DIGEST_INTERVAL_MS, MESSAGES_PREFERENCE } from "@core/notification-rules";
import type { Db } from "@db/client";
import { chatParticipants, notificationDigests, notifications, profiles, users } from "@db/schema";
import type { Config } from "../config";
import { nameOf } from "../people/names";
import { queueEmailToUser } from "../mail/outbox";
import { composeDigest, type Digest } from "./digest-email";
import { notBlockedBetween, privateChatBlockedFor } from "../reach/reach";
import { preferencesOf } from "./preferences";
import { messageOf } from "@core/error-message";

/** Members one claim takes; their digests are built side by side. */
export const DIGEST_CLAIM_BATCH = 20;
/**
 * How long a claimed member stays out of other runs' reach: longer than building and queuing one
 * digest takes, shorter than DIGEST_DELAY_MS, so a new event never sets a due time inside a claim.
 */
export const DIGEST_LEASE_MS = 2 * 60_000;
/** Notifications listed line by line; the rest of those taken are one line ('12 more notifications'). */
export const LISTED_NOTIFICATIONS = 20;
/** Notifications one digest takes at most; more wait for the next digest. */
export const TAKEN_NOTIFICATIONS = 100;
/** Private chats one digest tells of at most; more wait for the next. */
export const TOLD_CHATS = 20;

/** Claims up to `limit` due members in one statement; the lease's end is the claim's token. */
function claimDue(db: Db, now: number, limit: number) {
  const due = db
    .select({ memberId: notificationDigests.memberId })
    .from(notificationDigests)
    .where(lte(notificationDigests.dueAt, new Date(now)))
    .orderBy(asc(notificationDigests.dueAt))
    .limit(limit);
  return db
    .update(notificationDigests)
    .set({ dueAt: new Date(now + DIGEST_LEASE_MS) })
    .where(and(inArray(notificationDigests.memberId, due), lte(notificationDigests.dueAt, new Date(now))))
    .returning({ memberId: notificationDigests.memberId, lastSentAt: notificationDigests.lastSentAt });
}

type Claim = Awaited<ReturnType<typeof claimDue>>[number] & { lease: number };

/** Holds while the member's claim is still this one: the guard of every write the digest makes. */
const stillClaimed = (claim: Claim) =>
  sql`EXISTS (SELECT 1 FROM notification_digests WHERE member_id = ${claim.memberId} AND due_at = ${claim.lease})`;

/** The kinds whose e-mail the member wants: their choice where they made one, else the default. */
async function emailedKinds(db: Db, member: string) {
  const wanted = new Set((await preferencesOf(db, member)).filter((p) => p.email).map((p) => p.key));
  return { kinds: NOTIFICATION_KINDS.filter((kind) => wanted.has(kind)), messages: wanted.has(MESSAGES_PREFERENCE) };
}

type Wanted = Awaited<ReturnType<typeof emailedKinds>>;

/**
 * The member's notifications of wanted kinds that are unread and in no digest yet (a partial index
 * serves it), but for those from a member on the other side of a block, as in the bell.
 */
const waitingNotifications = (member: string, kinds: NotificationKind[]) =>
  and(
    eq(notifications.recipientId, member),
    inArray(notifications.kind, kinds),
    isNull(notifications.readAt),
    isNull(notifications.emailedAt),
    notBlockedBetween(notifications.recipientId, notifications.actorId),
  );

/**
 * The member's private chats, not muted and with no block between the two, with messages newer than
 * both their read mark and the last told of (`p` their participation, `c` the chat, `newest` its
 * newest message; `joins` adds more).
 */
const waitingChats = (member: string, joins = sql``) => sql`
  FROM chat_participants p
  JOIN chats c ON c.id = p.chat_id
  JOIN messages newest ON newest.chat_id = c.id AND newest.seq = c.last_seq
  ${joins}
  WHERE p.user_id = ${member} AND p.left_at IS NULL AND NOT p.muted AND NOT c.is_group
    AND c.last_seq > p.last_read_seq AND c.last_seq > p.notified_seq AND NOT ${privateChatBlockedFor(member, "c")}`;

const actors = alias(profiles, "actor");

async function ripeNotifications(db: Db, member: string, kinds: NotificationKind[], ripeBefore: number) {
  if (kinds.length === 0) return [];
  return db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      subjectId: notifications.subjectId,
      actorId: notifications.actorId,
      actor: nameOf("actor"),
      subject: sql<string | null>`CASE
        WHEN ${notifications.kind} IN ('join_request', 'join_accepted', 'join_declined', 'task_assigned')
          THEN (SELECT title FROM projects WHERE projects.id = ${notifications.subjectId})
        WHEN ${notifications.kind} IN ('group_added', 'mention')
          THEN (SELECT title FROM chats WHERE chats.id = ${notifications.subjectId})
      END`,
    })
    .from(notifications)
    .leftJoin(actors, eq(actors.id, notifications.actorId))
    .where(and(waitingNotifications(member, kinds), lte(notifications.createdAt, new Date(ripeBefore))))
    .orderBy(asc(notifications.createdAt), asc(notifications.id))
    .limit(TAKEN_NOTIFICATIONS);
}

/** Chats whose newest message has waited long enough, with how many messages the member has not seen or been told of. */
function ripeChats(db: Db, member: string, ripeBefore: number) {
  return db.all<{ chat_id: string; last_seq: number; unread: number; from_name: string }>(sql`
    SELECT c.id AS chat_id, c.last_seq, c.last_seq - max(p.last_read_seq, p.notified_seq) AS unread,
      ${nameOf("op")} AS from_name
    ${waitingChats(
      member,
      sql`LEFT JOIN chat_participants o ON o.chat_id = c.id AND o.user_id <> p.user_id
        LEFT JOIN profiles op ON op.id = o.user_id`,
    )}
      AND newest.created_at <= ${ripeBefore}
    ORDER BY newest.created_at
    LIMIT ${TOLD_CHATS}`);
}

/**
 * When the member is next due, from what still waits as the statement runs (so an event written
 * during the claim is not missed): the soonest a waiting notification or chat ripens, but never
 * before `floor`; null when nothing waits.
 */
function nextDueAt(member: string, wanted: Wanted, floor: SQL) {
  const soonest = [
    ...(wanted.kinds.length
      ? [
          sql`SELECT min(${notifications.createdAt}) + ${DIGEST_DELAY_MS} AS at FROM ${notifications}
            WHERE ${waitingNotifications(member, wanted.kinds)}`,
        ]
      : []),
    ...(wanted.messages ? [sql`SELECT min(newest.created_at) + ${DIGEST_DELAY_MS} AS at ${waitingChats(member)}`] : []),
  ];
  if (soonest.length === 0) return sql`NULL`;
  return sql`max(${floor}, (SELECT min(at) FROM (${sql.join(soonest, sql` UNION ALL `)})))`;
}

/** Gives the claim back with the member's next due time, having sent nothing. */
function release(db: Db, claim: Claim, next: SQL) {
  return db
    .update(notificationDigests)
    .set({ dueAt: sql`${next}` })
    .where(and(eq(notificationDigests.memberId, claim.memberId), eq(notificationDigests.dueAt, new Date(claim.lease))));
}

/** Builds and queues one claimed member's digest; returns whether one was queued. */
async function digestFor(db: Db, config: Config, claim: Claim, now: number) {
  const member = claim.memberId;
  const sentRecently = claim.lastSentAt && claim.lastSentAt.getTime() + DIGEST_INTERVAL_MS > now;
  const [account] = await db
    .select({ verified: users.emailVerifiedAt, suspended: users.suspendedAt })
    .from(users)
    .where(eq(users.id, member));
  // A digest goes only to an address its owner confirmed: an unconfirmed one may be a stranger's.
  // A suspended member gets none: what happens meanwhile makes them due again, to be looked at anew.
  if (!account?.verified || account.suspended) {
    await release(db, claim, sql`NULL`);
    return false;
  }
  const wanted = await emailedKinds(db, member);
  const sinceLastDigest = sql`coalesce(${notificationDigests.lastSentAt} + ${DIGEST_INTERVAL_MS}, 0)`;
  if (sentRecently) {
    await release(db, claim, nextDueAt(member, wanted, sinceLastDigest));
    return false;
  }
  const ripeBefore = now - DIGEST_DELAY_MS;
  const [taken, chats] = await Promise.all([
    ripeNotifications(db, member, wanted.kinds, ripeBefore),
    wanted.messages ? ripeChats(db, member, ripeBefore) : [],
  ]);
  if (taken.length === 0 && chats.length === 0) {
    await release(db, claim, nextDueAt(member, wanted, sinceLastDigest));
    return false;
  }

  const digest: Digest = {
    member,
    notifications: taken.slice(0, LISTED_NOTIFICATIONS),
    more: Math.max(0, taken.length - LISTED_NOTIFICATIONS),
    chats: chats.map((chat) => ({ chatId: chat.chat_id, from: chat.from_name, count: chat.unread })),
  };
  const { content, headers } = await composeDigest(config.appUrl, config.unsubscribeSecret, digest);
  const claimed = stillClaimed(claim);
  await db.batch([
    db
      .update(notifications)
      .set({ emailedAt: new Date(now) })
      .where(
        and(
          inArray(
            notifications.id,
            taken.map((n) => n.id),
          ),
          claimed,
        ),
      ),
    ...chats.map((chat) =>
      db
        .update(chatParticipants)
        .set({ notifiedSeq: sql`max(${chatParticipants.notifiedSeq}, ${chat.last_seq})` })
        .where(and(eq(chatParticipants.chatId, chat.chat_id), eq(chatParticipants.userId, member), claimed)),
    ),
    queueEmailToUser(db, and(eq(users.id, member), claimed)!, content, { headers, now }),
    // Last, as it gives the claim up: the statements above see it still held.
    db
      .update(notificationDigests)
      .set({ lastSentAt: new Date(now), dueAt: sql`${nextDueAt(member, wanted, sql`${now + DIGEST_INTERVAL_MS}`)}` })
      .where(and(eq(notificationDigests.memberId, member), eq(notificationDigests.dueAt, new Date(claim.lease)))),
  ]);
  return true;
}

/**
 * Claims due members and queues their digests, `DIGEST_CLAIM_BATCH` at a time, for at most
 * `rounds` claims; what is left, the next run takes. One member's failure is logged and their claim
 * lapses after the lease, to be tried again. Returns how many digests were queued.
 */
export async function queueDigests(db: Db, config: Config, now: number, rounds: number) {
  let queued = 0;
  for (let round = 0; round < rounds; round++) {
    const lease = now + DIGEST_LEASE_MS;
    const claims = await claimDue(db, now, DIGEST_CLAIM_BATCH);
    const outcomes = await Promise.all(
      claims.map((claim) =>
        digestFor(db, config, { ...claim, lease }, now).catch((error: unknown) => {
          console.error(`[digest] member ${claim.memberId}: ${messageOf(error)}`);
          return false;
        }),
      ),
    );
    queued += outcomes.filter(Boolean).length;
    if (claims.length < DIGEST_CLAIM_BATCH) break;
  }
  return queued;
}
