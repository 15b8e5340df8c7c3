import {
  CodeChallengeMethod,
  OAuth2Client,
  decodeIdToken,
  generateCodeVerifier,
  generateState,
} from "arctic";
import { and, eq, isNull } from "drizzle-orm";
import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { OAuthError } from "../../db/auth-messages";
import { CONTROL_CHARACTERS, MAX_DISPLAY_NAME_LENGTH } from "../../db/rules";
import { profiles, sessions, users } from "../../db/schema";
import { isUniqueViolation } from "../../db/errors";
import { emailLocalPart, findUserByEmail, newAccount } from "../auth/accounts";
import { startSession } from "../auth/session";
import type { GoogleConfig } from "../config";
import type { AppEnv } from "../env";

const STATE_COOKIE = "google_oauth_state";
const VERIFIER_COOKIE = "google_code_verifier";
const TEN_MINUTES = 10 * 60;


interface GoogleClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

const client = (google: GoogleConfig, appUrl: string) =>
  new OAuth2Client(google.clientId, google.clientSecret, `${appUrl}/api/auth/google/callback`);

/** Links by Google id, then by verified e-mail, else creates the member; returns the user id. */
async function findOrCreateMember(db: AppEnv["Variables"]["db"], claims: GoogleClaims & { email: string }) {
  const [byGoogle] = await db.select().from(users).where(eq(users.googleId, claims.sub));
  if (byGoogle) return byGoogle.id;
  const byEmail = await findUserByEmail(db, claims.email);
  if (byEmail) {
    // Google just proved who owns this address. A password set before that proof may belong to
    // whoever signed up with the address first (even if its owner later clicked the confirmation
    // link they were sent), so that password and its sessions stop working until a reset.
    await db.batch([
      db
        .update(users)
        .set({ googleId: claims.sub, emailVerifiedAt: byEmail.emailVerifiedAt ?? new Date(), passwordHash: null })
        .where(eq(users.id, byEmail.id)),
      db
        .update(profiles)
        .set({ avatarUrl: claims.picture ?? null, updatedAt: new Date() })
        .where(and(eq(profiles.id, byEmail.id), isNull(profiles.avatarUrl))),
      db.delete(sessions).where(eq(sessions.userId, byEmail.id)),
    ]);
    return byEmail.id;
  }
  const account = newAccount(db, {
    email: claims.email,
    displayName: claims.name?.replace(CONTROL_CHARACTERS, "").trim().slice(0, MAX_DISPLAY_NAME_LENGTH) || emailLocalPart(claims.email),
    googleId: claims.sub,
    avatarUrl: claims.picture ?? null,
    emailVerified: true,
  });
  await db.batch(account.statements);
  return account.id;
}

/** Back to the sign-in page, which shows the spec's message for the code. */
const backToSignIn = (error: OAuthError) => `/auth?oauth_error=${error}`;

export const googleRoutes = new Hono<AppEnv>()
  .get("/", (c) => {
    const google = c.var.config.google;
    if (!google) return c.redirect(backToSignIn("google_not_configured"));
    const state = generateState();
    const verifier = generateCodeVerifier();
    const url = client(google, c.var.appUrl).createAuthorizationURLWithPKCE(
      google.authorizationEndpoint,
      state,
      CodeChallengeMethod.S256,
      verifier,
      ["openid", "email", "profile"],
    );
    url.searchParams.set("access_type", "offline");
    url.searchParams.set("prompt", "consent");
    const secure = c.var.appUrl.startsWith("https:");
    for (const [name, value] of [
      [STATE_COOKIE, state],
      [VERIFIER_COOKIE, verifier],
    ] as const) {
      setCookie(c, name, value, { httpOnly: true, secure, sameSite: "Lax", path: "/", maxAge: TEN_MINUTES });
    }
    return c.redirect(url.toString());
  })
  .get("/callback", async (c) => {
    const google = c.var.config.google;
    const fail = (error: OAuthError) => c.redirect(backToSignIn(error));
    if (!google) return fail("google_not_configured");

    const { code, state } = c.req.query();
    const storedState = getCookie(c, STATE_COOKIE);
    const verifier = getCookie(c, VERIFIER_COOKIE);
    deleteCookie(c, STATE_COOKIE, { path: "/" });
    deleteCookie(c, VERIFIER_COOKIE, { path: "/" });
    if (!code || !state || !storedState || !verifier || state !== storedState) return fail("google_failed");

    let claims: GoogleClaims;
    try {
      const tokens = await client(google, c.var.appUrl).validateAuthorizationCode(
        google.tokenEndpoint,
        code,
        verifier,
      );
      claims = decodeIdToken(tokens.idToken()) as GoogleClaims;
    } catch {
      return fail("google_failed");
    }
    if (!claims.sub || !claims.email || claims.email_verified !== true) return fail("google_failed");

    const email = claims.email;
    const userId = await findOrCreateMember(c.var.db, { ...claims, email }).catch(async (error: unknown) => {
      // A parallel callback for the same person created the account first: link to it.
      if (isUniqueViolation(error)) return findOrCreateMember(c.var.db, { ...claims, email });
      throw error;
    });
    const cookie = await startSession(c.var.db, c.var.auth, userId);
    c.header("Set-Cookie", cookie.serialize(), { append: true });
    return c.redirect("/dashboard");
  });
