/**
 * The devices a member enabled notifications on: one row per browser subscription, keyed by its
 * endpoint (the push service's address for that browser), at most MAX_PUSH_DEVICES per member.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { MAX_PUSH_DEVICES } from "@core/push-rules";
import { pushSubscriptions } from "@db/schema";
import { browserAndOs } from "../auth/device";

export interface NewDevice {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** 'Chrome on Android', as the member's Settings lists it. */
export function deviceLabel(userAgent: string | null) {
  const { browser, os } = browserAndOs(userAgent);
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? "Unknown browser";
}

/** Whether `p256dh` is a point on P-256, which encrypting for the device needs. */
export async function isDeviceKey(p256dh: string) {
  try {
    const raw = Uint8Array.from(atob(p256dh.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));
    await crypto.subtle.importKey("raw", raw, { name: "ECDH", namedCurve: "P-256" }, false, []);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stores the device for the member, or hands an endpoint already stored to them: one browser
 * profile has one subscription, and its pushes go to whoever enabled it last there. Beyond the
 * cap, the devices enabled longest ago go, in the same batch.
 */
export async function storeDevice(db: Db, memberId: string, device: NewDevice, label: string) {
  const id = crypto.randomUUID();
  const now = new Date();
  await db.batch([
    db
      .insert(pushSubscriptions)
      .values({ id, memberId, ...device, device: label, createdAt: now })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          id,
          memberId,
          p256dh: device.p256dh,
          auth: device.auth,
          device: label,
          createdAt: now,
          lastPushedAt: null,
        },
      }),
    db.run(sql`
      DELETE FROM push_subscriptions WHERE member_id = ${memberId} AND id NOT IN (
        SELECT id FROM push_subscriptions WHERE member_id = ${memberId}
        ORDER BY created_at DESC, id DESC LIMIT ${MAX_PUSH_DEVICES})`),
  ]);
  return { id, device: label };
}

/** The member's devices, newest first: a handful at most, read through the member's index. */
export const listDevices = (db: Db, memberId: string) =>
  db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      device: pushSubscriptions.device,
      createdAt: pushSubscriptions.createdAt,
      lastPushedAt: pushSubscriptions.lastPushedAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.memberId, memberId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(MAX_PUSH_DEVICES);

/** Removes one of the member's own devices; false when none of theirs has that id. */
export async function removeDevice(db: Db, memberId: string, id: string) {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.memberId, memberId)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}
