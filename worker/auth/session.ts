import { and, eq, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { generateIdFromEntropySize, type Cookie, type Session } from "lucia";
import type { Db } from "@db/client";
import { sessions, users } from "@db/schema";
import type { Device } from "./device";
import type { Auth } from "./lucia";
import { SESSION_ABSOLUTE_LIFETIME_MS, SESSION_SLIDING_LIFETIME } from "./lucia";

/**
 * A session's id is its member's id, a dot, and the secret (lucia's own length and alphabet). The
 * member's id in front lets a request that only reads start its work beside the session check
 * instead of after it (worker/trpc.ts); the secret is what proves the cookie. Sessions from before
 * the member's id was in front have no dot, and are checked before anything runs.
 */
const CLAIM_SEPARATOR = ".";

/** Who a session cookie says its member is, before the database has been asked; null when it does not say. */
export function claimOf(sessionId: string | null) {
  const end = sessionId?.indexOf(CLAIM_SEPARATOR) ?? -1;
  return end > 0 ? { userId: sessionId!.slice(0, end), sessionId: sessionId! } : null;
}

export type Claim = NonNullable<ReturnType<typeof claimOf>>;

/**
 * The session check as a condition, for a write that carries it in its own statement: the claimed
 * session exists, belongs to the member it names, has neither expired nor outlived the absolute
 * limit, and its member is not suspended, as lucia's check and `resolveSession` have it.
 */
export function sessionHolds({ userId, sessionId }: Claim, now = Date.now()) {
  return sql`EXISTS (SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.id = ${sessionId} AND s.user_id = ${userId} AND s.expires_at > ${Math.floor(now / 1000)}
      AND s.created_at > ${now - SESSION_ABSOLUTE_LIFETIME_MS} AND u.suspended_at IS NULL)`;
}

/**
 * A new session as a statement, so it can be written in the same transaction as what signs the
 * member in, and the cookie that carries it. Always a new id at sign-in, so a planted or leaked
 * cookie never becomes signed in.
 */
export function newSession(db: Db, auth: Auth, userId: string, device: Device) {
  const { secret, ...row } = sessionRow(device);
  const id = `${userId}${CLAIM_SEPARATOR}${secret}`;
  const statement = db.insert(sessions).values({ ...row, id, userId });
  return { statement, cookie: auth.createSessionCookie(id) };
}

/** Every sign-in proves who the member is (a password, a reset link or Google), so it starts sudo mode too. */
function sessionRow(device: Device) {
  const now = Date.now();
  return {
    secret: generateIdFromEntropySize(25),
    expiresAt: Math.floor((now + SESSION_SLIDING_LIFETIME.milliseconds()) / 1000),
    createdAt: now,
    lastActiveAt: now,
    passwordConfirmedAt: now,
    ...device,
  };
}

/**
 * `newSession` for the user `who` selects, read in the same statement: when it selects nobody (the
 * batch's condition failed), no session is stored and no cookie must be sent. `cookieFor` makes the
 * cookie once the batch has said whose session it is.
 */
export function newSessionFor(db: Db, auth: Auth, who: SQL, device: Device) {
  const { secret, expiresAt, createdAt, lastActiveAt, passwordConfirmedAt, userAgent, country, city } =
    sessionRow(device);
  // Drizzle takes the selected fields in the table's column order.
  const statement = db.insert(sessions).select(
    db
      .select({
        id: sql<string>`${users.id} || ${CLAIM_SEPARATOR + secret}`.as("id"),
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
  const cookieFor = (userId: string) => auth.createSessionCookie(`${userId}${CLAIM_SEPARATOR}${secret}`);
  return { statement, cookieFor };
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
 * its last activity kept, for the member's sessions list: `touched` settles when that is written,
 * and does not hold up the answer (a write that fails is tried again by the member's next request,
 * since the time stays old).
 */
export async function resolveSession(db: Db, auth: Auth, sessionId: string | null) {
  const none = { user: null, session: null, touched: Promise.resolve() };
  if (!sessionId) return { ...none, cookie: null };
  const { session, user } = await auth.validateSession(sessionId);
  const claim = claimOf(sessionId);
  if (!session || (claim && claim.userId !== session.userId))
    return { ...none, cookie: auth.createBlankSessionCookie() };
  if (Date.now() - session.createdAt > SESSION_ABSOLUTE_LIFETIME_MS) {
    await auth.invalidateSession(session.id);
    return { ...none, cookie: auth.createBlankSessionCookie() };
  }
  const touched = touchSession(db, session).catch(() => undefined);
  return { user, session, touched, cookie: session.fresh ? auth.createSessionCookie(session.id) : null };
}

/** Sudo mode starts again for this session: its member just proved who they are. */
export const confirmSession = (db: Db, sessionId: string) =>
  db.update(sessions).set({ passwordConfirmedAt: Date.now() }).where(eq(sessions.id, sessionId));
