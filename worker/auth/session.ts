import { and, eq, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { generateIdFromEntropySize, type Cookie, type Session } from "lucia";
import type { Db } from "@db/client";
import { sessions, users } from "@db/schema";
import type { Device } from "./device";
import type { Auth } from "./lucia";
import { SESSION_ABSOLUTE_LIFETIME_MS, SESSION_SLIDING_LIFETIME } from "./lucia";

/**
 * A new session as a statement, so it can be written in the same transaction as what signs the
 * member in, and the cookie that carries it. Always a new id at sign-in, so a planted or leaked
 * cookie never becomes signed in. The id has lucia's own length and alphabet.
 */
export function newSession(db: Db, auth: Auth, userId: string, device: Device) {
  const row = sessionRow(device);
  const statement = db.insert(sessions).values({ ...row, userId });
  return { statement, cookie: auth.createSessionCookie(row.id) };
}

/** Every sign-in proves who the member is (a password, a reset link or Google), so it starts sudo mode too. */
function sessionRow(device: Device) {
  const now = Date.now();
  return {
    id: generateIdFromEntropySize(25),
    expiresAt: Math.floor((now + SESSION_SLIDING_LIFETIME.milliseconds()) / 1000),
    createdAt: now,
    lastActiveAt: now,
    passwordConfirmedAt: now,
    ...device,
  };
}

/**
 * `newSession` for the user `who` selects, read in the same statement: when it selects nobody (the
 * batch's condition failed), no session is stored and the cookie must not be sent.
 */
export function newSessionFor(db: Db, auth: Auth, who: SQL, device: Device) {
  const { id, expiresAt, createdAt, lastActiveAt, passwordConfirmedAt, userAgent, country, city } = sessionRow(device);
  // Drizzle takes the selected fields in the table's column order.
  const statement = db.insert(sessions).select(
    db
      .select({
        id: sql<string>`${id}`.as("id"),
        userId: users.id,
        expiresAt: sql<number>`${expiresAt}`.as("expiresAt"),
        createdAt: sql<number>`${createdAt}`.as("createdAt"),
        userAgent: sql<string | null>`${userAgent}`.as("userAgent"),
        country: sql<string | null>`${country}`.as("country"),
        city: sql<string | null>`${city}`.as("city"),
        lastActiveAt: sql<number>`${lastActiveAt}`.as("lastActiveAt"),
        passwordConfirmedAt: sql<number>`${passwordConfirmedAt}`.as("passwordConfirmedAt"),
      })
      .from(users)
      .where(who),
  );
  return { statement, cookie: auth.createSessionCookie(id) };
}

export async function startSession(db: Db, auth: Auth, userId: string, device: Device): Promise<Cookie> {
  const { statement, cookie } = newSession(db, auth, userId, device);
  await statement;
  return cookie;
}

/** How stale a session's last activity may get before a request moves it: at most one write per interval. */
export const LAST_ACTIVE_INTERVAL_MS = 5 * 60 * 1000;

/** One conditional statement, so parallel requests of one page write it once between them. */
async function touchSession(db: Db, session: Session) {
  const now = Date.now();
  if (session.lastActiveAt !== null && now - session.lastActiveAt < LAST_ACTIVE_INTERVAL_MS) return;
  await db
    .update(sessions)
    .set({ lastActiveAt: now })
    .where(
      and(
        eq(sessions.id, session.id),
        or(isNull(sessions.lastActiveAt), lt(sessions.lastActiveAt, now - LAST_ACTIVE_INTERVAL_MS)),
      ),
    );
}

/**
 * Reads the session cookie: a sliding session is refreshed when lucia marks it fresh, and one
 * older than the absolute limit is ended whatever its sliding expiry says. A session in use has
 * its last activity kept, for the member's sessions list.
 */
export async function resolveSession(db: Db, auth: Auth, sessionId: string | null) {
  if (!sessionId) return { user: null, session: null, cookie: null };
  const { session, user } = await auth.validateSession(sessionId);
  if (!session) return { user: null, session: null, cookie: auth.createBlankSessionCookie() };
  if (Date.now() - session.createdAt > SESSION_ABSOLUTE_LIFETIME_MS) {
    await auth.invalidateSession(session.id);
    return { user: null, session: null, cookie: auth.createBlankSessionCookie() };
  }
  await touchSession(db, session);
  return { user, session, cookie: session.fresh ? auth.createSessionCookie(session.id) : null };
}

/** Sudo mode starts again for this session: its member just proved who they are. */
export const confirmSession = (db: Db, sessionId: string) =>
  db.update(sessions).set({ passwordConfirmedAt: Date.now() }).where(eq(sessions.id, sessionId));
