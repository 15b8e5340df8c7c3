import { DrizzleSQLiteAdapter } from "@lucia-auth/adapter-drizzle";
import { and, eq, isNull, sql } from "drizzle-orm";
import { Lucia, TimeSpan, type DatabaseSession, type DatabaseUser } from "lucia";
import type { Db } from "@db/client";
import { sessions, users } from "@db/schema";

/** Built once per database: every request asks it, so its SQL is not rebuilt each time. */
const sessionAndUserQueries = new WeakMap<Db, ReturnType<typeof prepareSessionAndUser>>();

function prepareSessionAndUser(db: Db) {
  return (
    db
      .select({ session: sessions, email: users.email, emailVerifiedAt: users.emailVerifiedAt })
      .from(sessions)
      .innerJoin(users, eq(sessions.userId, users.id))
      // A suspended account's sessions end at once, a sign-in racing the suspension's included.
      .where(and(eq(sessions.id, sql.placeholder("id")), isNull(users.suspendedAt)))
      .prepare()
  );
}

/** lucia's Drizzle adapter, reading the session and its user in one query instead of two. */
class SessionAdapter extends DrizzleSQLiteAdapter {
  constructor(private readonly database: Db) {
    super(database, sessions, users);
  }

  override async getSessionAndUser(sessionId: string): Promise<[DatabaseSession | null, DatabaseUser | null]> {
    let query = sessionAndUserQueries.get(this.database);
    if (!query) sessionAndUserQueries.set(this.database, (query = prepareSessionAndUser(this.database)));
    const row = await query.get({ id: sessionId });
    if (!row) return [null, null];
    const { id, userId, expiresAt, createdAt, lastActiveAt, passwordConfirmedAt } = row.session;
    return [
      {
        id,
        userId,
        expiresAt: new Date(expiresAt * 1000),
        attributes: { createdAt, lastActiveAt, passwordConfirmedAt },
      },
      { id: userId, attributes: { email: row.email, emailVerifiedAt: row.emailVerifiedAt } },
    ];
  }
}

/** How long a session lasts unused; each use slides it forward. */
export const SESSION_SLIDING_LIFETIME = new TimeSpan(30, "d");

/** Sessions slide forward with use, but never outlive this from sign-in. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;

/** Built per request: the database and the cookie's Secure flag depend on the host. */
export function initializeLucia(db: Db, secure: boolean) {
  return new Lucia(new SessionAdapter(db), {
    sessionExpiresIn: SESSION_SLIDING_LIFETIME,
    sessionCookie: { name: "crewboard_session", attributes: { secure, sameSite: "lax" } },
    getUserAttributes: (attributes) => ({
      email: attributes.email,
      emailVerifiedAt: attributes.emailVerifiedAt,
    }),
    getSessionAttributes: (attributes) => ({
      createdAt: attributes.createdAt,
      lastActiveAt: attributes.lastActiveAt,
      passwordConfirmedAt: attributes.passwordConfirmedAt,
    }),
  });
}

export type Auth = ReturnType<typeof initializeLucia>;

declare module "lucia" {
  interface Register {
    Lucia: Auth;
    DatabaseUserAttributes: { email: string; emailVerifiedAt: Date | null };
    DatabaseSessionAttributes: { createdAt: number; lastActiveAt: number | null; passwordConfirmedAt: number | null };
  }
}
