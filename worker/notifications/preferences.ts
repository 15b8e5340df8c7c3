/**
 * Which channels besides the app each kind reaches a member by. A kind the member never changed has
 * no row and keeps the defaults of core/notification-rules; a change writes one channel only, so two
 * toggles pressed at once both hold.
 */
import { eq } from "drizzle-orm";
import {
  defaultChannels,
  PREFERENCE_KEYS,
  type NotificationChannels,
  type PreferenceKey,
} from "@core/notification-rules";
import type { Db } from "@db/client";
import { notificationPreferences } from "@db/schema";

export type Channel = keyof NotificationChannels;

/** Every key, the member's choice where they made one and the default elsewhere. */
export async function preferencesOf(db: Db, memberId: string) {
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.memberId, memberId));
  const chosen = new Map(rows.map((row) => [row.kind, { email: row.email, push: row.push }]));
  return PREFERENCE_KEYS.map((key) => ({ key, ...(chosen.get(key) ?? defaultChannels(key)) }));
}

/** Turns one channel of one key on or off; answers the key's channels as they now stand. */
export async function setPreference(db: Db, memberId: string, key: PreferenceKey, channel: Channel, enabled: boolean) {
  const [row] = await db
    .insert(notificationPreferences)
    .values({ memberId, kind: key, ...defaultChannels(key), [channel]: enabled })
    .onConflictDoUpdate({
      target: [notificationPreferences.memberId, notificationPreferences.kind],
      set: channel === "email" ? { email: enabled } : { push: enabled },
    })
    .returning();
  return { key, email: row!.email, push: row!.push };
}
