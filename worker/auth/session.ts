import type { Cookie } from "lucia";
import type { Auth } from "./lucia";
import { SESSION_ABSOLUTE_LIFETIME_MS } from "./lucia";

/** Always a new session id at sign-in, so a planted or leaked cookie never becomes signed in. */
export async function startSession(auth: Auth, userId: string): Promise<Cookie> {
  const session = await auth.createSession(userId, { createdAt: Date.now() });
  return auth.createSessionCookie(session.id);
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
