/**
 * The push outbox, run as the e-mail outbox is (worker/mail/outbox.ts): every push is a row written
 * in the same batch as what it tells of, and a dispatcher (`deliverDuePushes`: after the member's
 * response, and in the scheduled job) claims the due rows in one statement and sends each to every
 * device of its member, recording how it went.
 *
 * A push goes only to a member with no page open: one that is open shows the news live, so the
 * member's room is asked first. A push not needed (no device, or a page open) is settled without
 * sending: no next attempt, no time sent, no error.
 */
import { and, eq, getTableColumns, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { MAX_PUSH_DEVICES, type PushPayload } from "@core/push-rules";
import { pushOutbox, pushSubscriptions, users } from "@db/schema";
import type { Services } from "../env";
import { CLAIM_BATCH, CLAIM_LEASE_MS } from "../mail/outbox";
import type { Rooms } from "../rooms/rooms";
import { pushEndpointProblem } from "./endpoints";
import { pushToDevice, type DeviceOutcome, type PushWay } from "./send";
import type { VapidKeys } from "./vapid";
import { messageOf } from "@core/error-message";

/** Tries a push gets before it stays in the table as failed. */
export const MAX_ATTEMPTS = 5;
/** The wait after each failed try but the last: news an hour late is still worth a push, not much later. */
export const RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000] as const;

/** What sending pushes takes beside the database: the rooms to ask who is away, the keys, the way out. */
export interface PushServices extends PushWay {
  rooms: Rooms;
  /** Null when push is off: due rows are then settled as failed, never sent. */
  vapid: VapidKeys | null;
}

/** Queues a push to a member, as a statement of the batch that writes what it tells of. */
export const queuePush = (db: Db, memberId: string, payload: PushPayload) =>
  db.insert(pushOutbox).values({ memberId, payload: JSON.stringify(payload), nextAttemptAt: new Date() });

/**
 * Claims up to `limit` due rows in one statement, as the e-mail outbox does (`claimDue` there), with
 * its lease and batch: a push's sends end well within the lease (`pushRules`' time limit).
 */
function claimDue(db: Db, now: number, limit: number) {
  const due = db
    .select({ id: pushOutbox.id })
    .from(pushOutbox)
    .where(lte(pushOutbox.nextAttemptAt, new Date(now)))
    .orderBy(pushOutbox.nextAttemptAt)
    .limit(limit);
  return db
    .update(pushOutbox)
    .set({ attempts: sql`${pushOutbox.attempts} + 1`, nextAttemptAt: new Date(now + CLAIM_LEASE_MS) })
    .where(and(inArray(pushOutbox.id, due), lte(pushOutbox.nextAttemptAt, new Date(now))))
    .returning({
      id: pushOutbox.id,
      memberId: pushOutbox.memberId,
      payload: pushOutbox.payload,
      attempts: pushOutbox.attempts,
    });
}

type Claimed = Awaited<ReturnType<typeof claimDue>>[number];
export type Outcome = "sent" | "skipped" | "retry" | "failed";

/** A page of theirs is open; a room that cannot say counts as none (no page is live without it). */
async function hasPageOpen(rooms: Rooms, memberId: string) {
  try {
    return await rooms.memberOnline(memberId);
  } catch (error) {
    console.warn(`[push] could not ask member ${memberId}'s room whether a page is open:`, messageOf(error));
    return false;
  }
}

/**
 * The member's devices pushes may go to. One whose endpoint the rule refuses (stored before it, or
 * on a host the operator has since taken off `PUSH_ENDPOINT_HOSTS`) is forgotten, never sent to. A
 * member an administrator suspended has none while suspended.
 */
async function devicesToPush(db: Db, services: PushServices, memberId: string) {
  const devices = await db
    .select(getTableColumns(pushSubscriptions))
    .from(pushSubscriptions)
    .innerJoin(users, and(eq(users.id, pushSubscriptions.memberId), isNull(users.suspendedAt)))
    .where(eq(pushSubscriptions.memberId, memberId))
    .limit(MAX_PUSH_DEVICES);
  const refused = devices.filter((device) => pushEndpointProblem(device.endpoint, services.operatorHosts));
  if (refused.length) {
    await db.delete(pushSubscriptions).where(
      inArray(
        pushSubscriptions.id,
        refused.map((device) => device.id),
      ),
    );
  }
  return devices.filter((device) => !refused.includes(device));
}

/** Sends the row to each device; forgets the devices their push service no longer knows. */
async function sendToDevices(db: Db, services: PushServices & { vapid: VapidKeys }, row: Claimed, now: number) {
  const devices = await devicesToPush(db, services, row.memberId);
  if (!devices.length || (await hasPageOpen(services.rooms, row.memberId))) return [];
  const payload = JSON.parse(row.payload) as PushPayload;
  return Promise.all(
    devices.map(async (device): Promise<DeviceOutcome> => {
      const outcome = await pushToDevice(services.vapid, device, payload, services);
      // Its id changes whenever the browser subscribes again: a device stored afresh meanwhile stays.
      const thisDevice = eq(pushSubscriptions.id, device.id);
      if (outcome.kind === "gone") await db.delete(pushSubscriptions).where(thisDevice);
      if (outcome.kind === "delivered") {
        await db
          .update(pushSubscriptions)
          .set({ lastPushedAt: new Date(now) })
          .where(thisDevice);
      }
      return outcome;
    }),
  );
}

/** Sends one claimed row and records how it went, unless its claim lapsed and another took it over. */
async function deliver(db: Db, services: PushServices, row: Claimed, now: number): Promise<Outcome> {
  const stillOurs = and(eq(pushOutbox.id, row.id), eq(pushOutbox.attempts, row.attempts));
  const settle = (values: Partial<typeof pushOutbox.$inferInsert>) =>
    db
      .update(pushOutbox)
      .set({ nextAttemptAt: null, ...values })
      .where(stillOurs);
  if (!services.vapid) {
    await settle({ lastError: "Push is off: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set" });
    return "failed";
  }
  const outcomes = await sendToDevices(db, { ...services, vapid: services.vapid }, row, now);
  const later = outcomes.filter((o) => o.kind === "later");
  const refused = outcomes.filter((o) => o.kind === "refused");
  if (later.length) {
    const lastError = messageOf(later.map((o) => o.error).join("; "));
    if (row.attempts >= MAX_ATTEMPTS) {
      console.error(
        `[push] gave up on push ${row.id} to member ${row.memberId} after ${row.attempts} attempts: ${lastError}`,
      );
      await settle({ lastError });
      return "failed";
    }
    // Every device gets it again: a device that took it already shows it once, the tag replacing it.
    await settle({ nextAttemptAt: new Date(now + RETRY_DELAYS_MS[row.attempts - 1]!), lastError });
    return "retry";
  }
  if (outcomes.some((o) => o.kind === "delivered")) {
    await settle({ sentAt: new Date(now), lastError: null });
    return "sent";
  }
  if (refused.length) {
    const lastError = messageOf(refused.map((o) => o.error).join("; "));
    console.error(`[push] push ${row.id} to member ${row.memberId} was refused: ${lastError}`);
    await settle({ lastError });
    return "failed";
  }
  await settle({ lastError: null });
  return "skipped";
}

/**
 * Sends what is due, once: what the member's request just queued, and retries whose time came.
 * Never rejects: a push service's or the database's failure is recorded or logged, and is nobody's
 * response. Returns how many rows it claimed.
 */
export async function deliverDuePushes(db: Db, services: PushServices, now = Date.now(), limit = CLAIM_BATCH) {
  try {
    const claimed = await claimDue(db, now, limit);
    await Promise.all(claimed.map((row) => deliver(db, services, row, now)));
    return claimed.length;
  } catch (error) {
    console.error("[push] the push outbox could not be read or updated:", messageOf(error));
    return 0;
  }
}

export type PushSenders = Pick<Services, "db" | "rooms" | "config" | "defer" | "outbound">;

/**
 * After a request queued a push: send it once the response is on its way (the Worker's waitUntil, a
 * detached promise on Node), so a slow push service never slows or fails the member. With push off
 * there is nothing to send; the scheduled job settles the rows.
 */
export function pushAfterResponse(services: PushSenders) {
  const { db, rooms, config, defer, outbound } = services;
  if (config.push) {
    defer(deliverDuePushes(db, { rooms, vapid: config.push, outbound, operatorHosts: config.pushEndpointHosts }));
  }
}
