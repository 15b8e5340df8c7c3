/**
 * Writing notifications, with the event they tell of: every event site puts these statements in the
 * batch of its own write, so a notification exists exactly when its event does. One row per
 * recipient and event (the UNIQUE recipient + kind + event key), never for the actor, and never
 * between two members a block keeps apart (worker/safety/reach.ts); a push waits in `push_outbox`
 * beside it when the recipient wants pushes of that kind. Sending the push is the dispatcher's job,
 * telling open pages the member room's (`tellNotified`).
 */
import { sql, type SQL } from "drizzle-orm";
import type { NotificationKind } from "@core/enums";
import { DEFAULT_CHANNELS } from "@core/notification-rules";
import { NOTIFICATION_PUSH_TAG } from "@core/push-rules";
import type { Db } from "@db/client";
import { nameOf } from "../people/names";
import { pokeMembers } from "../rooms/notify";
import { pushAfterResponse, type PushSenders } from "../push/outbox";
import { notBlockedBetween } from "../reach/reach";
import { describe, SYSTEM_KINDS } from "./describe";

/**
 * Holds when the statement just before, in the same batch, changed a row: the event's own write
 * happened in this call, not in an earlier try of it. (SQLite's `changes()` is the connection's, and
 * a batch runs on one connection, on both hosts.)
 */
export const JUST_WRITTEN = sql`changes() > 0`;

export interface NotificationEvent {
  kind: NotificationKind;
  /** Who it is for: an id, or a scalar subquery (a project's owner). Nobody hears of their own doing. */
  recipient: string | SQL;
  /** Who did it; null for what no member did (a payment confirmed). */
  actorId: string | null;
  /** The project or chat it opens, for the kinds that have one. */
  subjectId?: string | null;
  /** The subject's title as the push should say it. */
  subjectTitle?: string | null;
  /** Names the event among the recipient's of this kind (a request's id), so a retry writes nothing new. */
  eventKey: string | SQL;
  /** Holds only when the event's own write happened in this batch (`JUST_WRITTEN`, or a condition on its rows). */
  happened: SQL;
}

/**
 * The notification's statements, for the event's batch, right after the event's write when
 * `happened` is `JUST_WRITTEN`. The first returns the recipient when a row was written (see
 * `tellNotified`); the second queues the push for the row the first just wrote, and for nothing
 * when it wrote none, so a push goes once per notification.
 */
export function notificationStatements(db: Db, event: NotificationEvent) {
  const { kind, recipient, actorId, eventKey, happened } = event;
  const subjectId = event.subjectId ?? null;
  const { title, text, url } = describe(kind, { actorId, subjectId, subjectTitle: event.subjectTitle ?? null });
  const body = SYSTEM_KINDS.has(kind) ? sql`${text}` : sql`${nameOf("actor")} || ' ' || ${text}`;
  // What no member did reaches anyone; a member's doing, only those they may reach.
  const reachable = actorId === null ? sql`1` : notBlockedBetween(sql`e.recipient_id`, actorId);
  const insert = db.all<{ recipient_id: string }>(sql`
    INSERT INTO notifications (recipient_id, actor_id, kind, subject_id, event_key)
    SELECT e.recipient_id, ${actorId}, ${kind}, ${subjectId}, ${eventKey}
    FROM (SELECT ${recipient} AS recipient_id) e
    WHERE e.recipient_id IS NOT NULL AND e.recipient_id IS NOT ${actorId}
      AND ${reachable} AND ${happened}
    ON CONFLICT (recipient_id, kind, event_key) DO NOTHING
    RETURNING recipient_id`);
  const push = db.run(sql`
    INSERT INTO push_outbox (member_id, payload, next_attempt_at)
    SELECT n.recipient_id,
      json_object('title', ${title}, 'body', ${body}, 'url', ${url}, 'tag', ${NOTIFICATION_PUSH_TAG} || n.id),
      ${Date.now()}
    FROM notifications n LEFT JOIN profiles actor ON actor.id = n.actor_id
    WHERE changes() > 0 AND n.id = last_insert_rowid()
      AND coalesce(
        (SELECT p.push FROM notification_preferences p WHERE p.member_id = n.recipient_id AND p.kind = n.kind),
        ${DEFAULT_CHANNELS[kind].push ? 1 : 0})`);
  return [insert, push] as const;
}

/** What the first of `notificationStatements` answered in the batch: the members who were notified. */
export type Notified = { recipient_id: string }[];

/** Who a batch of several events' statements notified: the results that are rows (the pushes' are not). */
export const notifiedBy = (results: unknown[]) => results.filter((result): result is Notified => Array.isArray(result));

/**
 * The member dealt with what a notification asked of them (answered the request): it stops waiting
 * unread, in the bell and in the next digest. Returns the member when it changed.
 */
export const settleNotification = (db: Db, recipientId: string, kind: NotificationKind, eventKey: string) =>
  db.all<{ recipient_id: string }>(sql`
    UPDATE notifications SET read_at = ${Date.now()}
    WHERE recipient_id = ${recipientId} AND kind = ${kind} AND event_key = ${eventKey} AND read_at IS NULL
    RETURNING recipient_id`);

/** What a notification told of is gone (a request withdrawn), so it goes too. */
export const withdrawNotification = (db: Db, recipient: string | SQL, kind: NotificationKind, eventKey: string) =>
  db.all<{ recipient_id: string }>(sql`
    DELETE FROM notifications
    WHERE recipient_id = ${recipient} AND kind = ${kind} AND event_key = ${eventKey}
    RETURNING recipient_id`);

/**
 * Every open page of each member whose notifications changed looks again: the bell moves live. The
 * pushes queued with them leave once the response is on its way.
 */
export function tellNotified(services: PushSenders, ...changed: Notified[]) {
  const memberIds = [...new Set(changed.flat().map((row) => row.recipient_id))];
  if (memberIds.length === 0) return;
  pokeMembers(services, memberIds, "notification");
  pushAfterResponse(services);
}
