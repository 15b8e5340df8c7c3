import { eq } from "drizzle-orm";
import { CodeChallengeMethod, OAuth2Client, decodeIdToken, generateCodeVerifier, generateState } from "arctic";
import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { OAuthError } from "@core/auth-messages";
import { users } from "@db/schema";
import { signInWithGoogle, type GoogleClaims } from "../auth/accounts";
import { confirmSession, startSession } from "../auth/session";
import { isSuspended } from "../safety/suspension";
import type { GoogleConfig } from "../config";
import type { AppEnv } from "../env";

const STATE_COOKIE = "google_oauth_state";
const VERIFIER_COOKIE = "google_code_verifier";
/** Set when the round trip confirms a signed-in member for sudo mode rather than signing anyone in. */
const SUDO_COOKIE = "google_sudo";
const TEN_MINUTES = 10 * 60;
/** Where a sudo confirmation returns: the only page that asks for one. */
const DESK = "/admin/reports";

const client = (google: GoogleConfig, appUrl: string) =>
  new OAuth2Client(google.clientId, google.clientSecret, `${appUrl}/api/auth/google/callback`);

/** Back to the sign-in page, which shows the spec's message for the code. */
const backToSignIn = (error: OAuthError) => `/auth?oauth_error=${error}`;

export const googleRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
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
    // The desk's "Continue with Google" confirms the session already signed in, never signs anyone in.
    const sudo = c.req.query("sudo") === "1" && (await c.var.signedIn) !== null;
    for (const [name, value] of [
      [STATE_COOKIE, state],
      [VERIFIER_COOKIE, verifier],
      ...(sudo ? [[SUDO_COOKIE, "1"] as const] : []),
    ] as const) {
      setCookie(c, name, value, { httpOnly: true, secure, sameSite: "Lax", path: "/", maxAge: TEN_MINUTES });
    }
    if (!sudo) deleteCookie(c, SUDO_COOKIE, { path: "/" });
    return c.redirect(url.toString());
  })
  .get("/callback", async (c) => {
    const google = c.var.config.google;
    const fail = (error: OAuthError) => c.redirect(backToSignIn(error));
    if (!google) return fail("google_not_configured");

    const { code, state } = c.req.query();
    const storedState = getCookie(c, STATE_COOKIE);
    const verifier = getCookie(c, VERIFIER_COOKIE);
    const sudo = getCookie(c, SUDO_COOKIE) === "1";
    for (const name of [STATE_COOKIE, VERIFIER_COOKIE, SUDO_COOKIE]) deleteCookie(c, name, { path: "/" });
    if (!code || !state || !storedState || !verifier || state !== storedState) return fail("google_failed");

    let claims: GoogleClaims;
    try {
      const tokens = await client(google, c.var.appUrl).validateAuthorizationCode(google.tokenEndpoint, code, verifier);
      claims = decodeIdToken(tokens.idToken()) as GoogleClaims;
    } catch {
      return fail("google_failed");
    }
    if (!claims.sub || !claims.email || claims.email_verified !== true) return fail("google_failed");

    if (sudo) {
      // Confirms only when Google vouches for the member this browser is signed in as; never a sign-in.
      const session = (await c.var.signedIn)?.session;
      const [member] = await c.var.db.select({ id: users.id }).from(users).where(eq(users.googleId, claims.sub));
      if (session && member?.id === session.userId) await confirmSession(c.var.db, session.id);
      return c.redirect(DESK);
    }

    const userId = await signInWithGoogle(c.var.db, { ...claims, email: claims.email });
    if (await isSuspended(c.var.db, userId)) return fail("account_suspended");
    const cookie = await startSession(c.var.db, c.var.auth, userId, c.var.device);
    c.header("Set-Cookie", cookie.serialize(), { append: true });
    return c.redirect("/dashboard");
  });
