/**
 * The member's signed-in devices. The page never sees a session id (it is the cookie's secret):
 * each session is named by a hash of it, which is enough to point at one and useless as a cookie.
 */
import { and, desc, eq, ne } from "drizzle-orm";
import type { Db } from "@db/client";
import { sessions } from "@db/schema";
import { toBase64Url } from "../auth/base64url";
import { browserAndOs } from "../auth/device";

async function handleOf(sessionId: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(sessionId));
  return toBase64Url(new Uint8Array(digest).slice(0, 16));
}

export async function listSessions(db: Db, userId: string, currentId: string) {
  const rows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastActiveAt), desc(sessions.createdAt));
  const list = await Promise.all(
    rows.map(async (row) => ({
      handle: await handleOf(row.id),
      current: row.id === currentId,
      ...browserAndOs(row.userAgent),
      country: row.country,
      city: row.city,
      signedInAt: new Date(row.createdAt),
      lastActiveAt: new Date(row.lastActiveAt ?? row.createdAt),
    })),
  );
  // This device first, then the others by last activity.
  return list.sort((a, b) => Number(b.current) - Number(a.current));
}

/** Ends one of the member's own sessions by its handle; false when none of theirs has it. */
export async function endSession(db: Db, userId: string, handle: string) {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  for (const row of rows) {
    if ((await handleOf(row.id)) !== handle) continue;
    const ended = await db
      .delete(sessions)
      .where(and(eq(sessions.id, row.id), eq(sessions.userId, userId)))
      .returning({ id: sessions.id });
    return ended.length > 0;
  }
  return false;
}

/** Every session of the member but the one making the request; returns how many ended. */
export async function endOtherSessions(db: Db, userId: string, currentId: string) {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, currentId)))
    .returning({ id: sessions.id });
  return ended.length;
}
