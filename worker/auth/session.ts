import { sql, type SQL } from "drizzle-orm";
import { generateIdFromEntropySize, type Cookie } from "lucia";
import type { Db } from "../../db/client";
import { sessions, users } from "../../db/schema";
import type { Auth } from "./lucia";
import { SESSION_ABSOLUTE_LIFETIME_MS, SESSION_SLIDING_LIFETIME } from "./lucia";

/**
 * A new session as a statement, so it can be written in the same transaction as what signs the
 * member in, and the cookie that carries it. Always a new id at sign-in, so a planted or leaked
 * cookie never becomes signed in. The id has lucia's own length and alphabet.
 */
export function newSession(db: Db, auth: Auth, userId: string) {
  const row = sessionRow();
  const statement = db.insert(sessions).values({ ...row, userId });
  return { statement, cookie: auth.createSessionCookie(row.id) };
}

function sessionRow() {
  const now = Date.now();
  return {
    id: generateIdFromEntropySize(25),
    expiresAt: Math.floor((now + SESSION_SLIDING_LIFETIME.milliseconds()) / 1000),
    createdAt: now,
  };
}

/**
 * `newSession` for the user `who` selects, read in the same statement: when it selects nobody (the
 * batch's condition failed), no session is stored and the cookie must not be sent.
 */
export function newSessionFor(db: Db, auth: Auth, who: SQL) {
  const { id, expiresAt, createdAt } = sessionRow();
  const statement = db.insert(sessions).select(
    db
      .select({
        id: sql<string>`${id}`.as("id"),
        userId: users.id,
        expiresAt: sql<number>`${expiresAt}`.as("expiresAt"),
        createdAt: sql<number>`${createdAt}`.as("createdAt"),
      })
      .from(users)
      .where(who),
  );
  return { statement, cookie: auth.createSessionCookie(id) };
}

export async function startSession(db: Db, auth: Auth, userId: string): Promise<Cookie> {
  const { statement, cookie } = newSession(db, auth, userId);
  await statement;
  return cookie;
}

/**
 * Reads the session cookie: a sliding session is refreshed when lucia marks it fresh, and one
 * older than the absolute limit is ended whatever its sliding expiry says.
 */
export async function resolveSession(auth: Auth, sessionId: string | null) {
  if (!sessionId) return { user: null, session: null, cookie: null };
  const { session, user } = await auth.validateSession(sessionId);
  if (!session) return { user: null, session: null, cookie: auth.createBlankSessionCookie() };
  if (Date.now() - session.createdAt > SESSION_ABSOLUTE_LIFETIME_MS) {
    await auth.invalidateSession(session.id);
    return { user: null, session: null, cookie: auth.createBlankSessionCookie() };
  }
  return { user, session, cookie: session.fresh ? auth.createSessionCookie(session.id) : null };
}
