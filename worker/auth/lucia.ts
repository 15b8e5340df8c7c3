import { DrizzleSQLiteAdapter } from "@lucia-auth/adapter-drizzle";
import { Lucia, TimeSpan } from "lucia";
import type { Db } from "../../db/client";
import { sessions, users } from "../../db/schema";

/** Sessions slide forward with use, but never outlive this from sign-in. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;

/** Built per request: the database and the cookie's Secure flag depend on the host. */
export function initializeLucia(db: Db, secure: boolean) {
  return new Lucia(new DrizzleSQLiteAdapter(db, sessions, users), {
    sessionExpiresIn: new TimeSpan(30, "d"),
    sessionCookie: { name: "crewboard_session", attributes: { secure, sameSite: "lax" } },
    getUserAttributes: (attributes) => ({
      email: attributes.email,
      emailVerifiedAt: attributes.emailVerifiedAt,
    }),
    getSessionAttributes: (attributes) => ({ createdAt: attributes.createdAt }),
  });
}

export type Auth = ReturnType<typeof initializeLucia>;

declare module "lucia" {
  interface Register {
    Lucia: Auth;
    DatabaseUserAttributes: { email: string; emailVerifiedAt: Date | null };
    DatabaseSessionAttributes: { createdAt: number };
  }
}
