import { createHash, createHmac, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, sessions, users } from "@db/schema";
import { TEST_ORIGIN, createTestApp, rejection, type TestApp } from "@testing/harness";

type Browser = ReturnType<TestApp["browser"]>;

interface GoogleAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
  picture?: string;
}

const CLIENT_ID = "crewboard-test.apps.googleusercontent.com";
const CLIENT_SECRET = "test-google-secret";
const CALLBACK_URL = `${TEST_ORIGIN}/api/auth/google/callback`;
/** The redirect names what went wrong by code only: the sign-in page holds the words. */
const FAILED = "google_failed";
const NOT_CONFIGURED = "google_not_configured";

const base64url = (data: string | Buffer) => Buffer.from(data).toString("base64url");
const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

/**
 * Google's two OAuth endpoints, played by a local server so that arctic's real requests are what
 * the app depends on. The consent screen answers at once for whichever account `signInAs` chose,
 * and the token endpoint checks what Google checks: client credentials, a single-use code, the
 * redirect URI it was issued for, and the PKCE verifier against the challenge.
 */
async function startGoogleStandIn() {
  const grants = new Map<string, { account: GoogleAccount; redirectUri: string; challenge: string }>();
  let account: GoogleAccount | null = null;
  let tokenRequests = 0;

  const json = (res: ServerResponse, status: number, body: object) =>
    res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));

  function consent(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const redirectUri = q.get("redirect_uri");
    const challenge = q.get("code_challenge");
    if (
      !account ||
      q.get("client_id") !== CLIENT_ID ||
      q.get("response_type") !== "code" ||
      q.get("code_challenge_method") !== "S256" ||
      !challenge ||
      !redirectUri
    ) {
      return res.writeHead(400).end("Error 400: invalid_request");
    }
    const code = randomUUID();
    grants.set(code, { account, redirectUri, challenge });
    const back = new URL(redirectUri);
    back.searchParams.set("code", code);
    back.searchParams.set("state", q.get("state") ?? "");
    res.writeHead(302, { Location: back.toString() }).end();
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    tokenRequests++;
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const form = new URLSearchParams(raw);
    const [scheme, credentials = ""] = (req.headers.authorization ?? "").split(" ");
    if (scheme !== "Basic" || Buffer.from(credentials, "base64").toString() !== `${CLIENT_ID}:${CLIENT_SECRET}`) {
      return json(res, 401, { error: "invalid_client" });
    }
    if (form.get("grant_type") !== "authorization_code") return json(res, 400, { error: "unsupported_grant_type" });
    const code = form.get("code") ?? "";
    const grant = grants.get(code);
    grants.delete(code);
    const verifier = form.get("code_verifier");
    if (!grant || form.get("redirect_uri") !== grant.redirectUri || !verifier || s256(verifier) !== grant.challenge) {
      return json(res, 400, { error: "invalid_grant", error_description: "Bad Request" });
    }
    const now = Math.floor(Date.now() / 1000);
    const header = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
    const issued = { iss: "https://accounts.google.com", aud: CLIENT_ID, iat: now, exp: now + 3600 };
    const claims = base64url(JSON.stringify({ ...issued, ...grant.account }));
    const signature = createHmac("sha256", "stand-in").update(`${header}.${claims}`).digest("base64url");
    json(res, 200, {
      access_token: `ya29.${randomUUID()}`,
      token_type: "Bearer",
      expires_in: 3599,
      scope: "openid email profile",
      id_token: `${header}.${claims}.${signature}`,
    });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method === "GET" && url.pathname === "/o/oauth2/v2/auth") return consent(url, res);
    if (req.method === "POST" && url.pathname === "/token") {
      return void token(req, res).catch(() => json(res, 500, { error: "server_error" }));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    authorizationEndpoint: `${origin}/o/oauth2/v2/auth`,
    tokenEndpoint: `${origin}/token`,
    signInAs: (next: GoogleAccount) => void (account = next),
    tokenRequests: () => tokenRequests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let google: Awaited<ReturnType<typeof startGoogleStandIn>>;
let t: TestApp;

const googleEnv = (overrides: Record<string, string> = {}) => ({
  GOOGLE_CLIENT_ID: CLIENT_ID,
  GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
  GOOGLE_AUTHORIZATION_ENDPOINT: google.authorizationEndpoint,
  GOOGLE_TOKEN_ENDPOINT: google.tokenEndpoint,
  RATE_LIMIT_SIGNUP_PER_IP: "1000",
  ...overrides,
});

beforeAll(async () => {
  google = await startGoogleStandIn();
  t = await createTestApp(googleEnv());
});
afterAll(() => google?.close());

function googleAccount(overrides: Partial<GoogleAccount> = {}): GoogleAccount {
  const id = randomUUID().replace(/-/g, "");
  return {
    sub: BigInt(`0x${id}`).toString(),
    email: `g${id.slice(0, 8)}@gmail.com`,
    email_verified: true,
    name: "Grace Hopper",
    picture: `https://lh3.googleusercontent.com/a/${id}`,
    ...overrides,
  };
}

/** Clicks "Sign in with Google" (or the desk's "Continue with Google") and consents; returns the callback URL Google sends the browser to. */
async function consentAt(b: Browser, account: GoogleAccount, from = "/api/auth/google") {
  google.signInAs(account);
  const start = await b.request(`${TEST_ORIGIN}${from}`);
  const consent = await fetch(start.headers.get("Location")!, { redirect: "manual" });
  expect(consent.status).toBe(302);
  return new URL(consent.headers.get("Location")!);
}

async function signInWithGoogle(b: Browser, account: GoogleAccount) {
  return b.request(await consentAt(b, account));
}

function expectRedirectToAuthWith(response: Response, code: string) {
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("Location")!, TEST_ORIGIN);
  expect(location.pathname).toBe("/auth");
  expect(location.searchParams.get("oauth_error")).toBe(code);
}

async function expectSignedOut(b: Browser) {
  expect(b.cookies.has("crewboard_session")).toBe(false);
  expect(await b.trpc.auth.me.query()).toBeNull();
}

describe("starting Google sign-in", () => {
  it("redirects to the authorization endpoint with PKCE and sets short-lived HttpOnly cookies", async () => {
    const b = t.browser();
    const response = await b.request(`${TEST_ORIGIN}/api/auth/google`);
    expect(response.status).toBe(302);
    const url = new URL(response.headers.get("Location")!);
    expect(`${url.origin}${url.pathname}`).toBe(google.authorizationEndpoint);
    const q = url.searchParams;
    expect(q.get("response_type")).toBe("code");
    expect(q.get("client_id")).toBe(CLIENT_ID);
    expect(q.get("redirect_uri")).toBe(CALLBACK_URL);
    expect(q.get("scope")!.split(" ")).toEqual(expect.arrayContaining(["openid", "email", "profile"]));
    expect(q.get("access_type")).toBe("offline");
    expect(q.get("prompt")).toBe("consent");
    expect(q.get("state")).toBe(b.cookies.get("google_oauth_state"));
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("code_challenge")).toBe(s256(b.cookies.get("google_code_verifier")!));

    const cookies = response.headers.getSetCookie();
    for (const name of ["google_oauth_state", "google_code_verifier"]) {
      const cookie = cookies.find((c) => c.startsWith(`${name}=`))!;
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; Max-Age=600/i);
      expect(cookie).toMatch(/; SameSite=Lax/i);
      expect(cookie).toMatch(/; Path=\//i);
    }
  });

  it("tells the client that Google sign-in is available", async () => {
    expect(await t.browser().trpc.auth.providers.query()).toEqual({ google: true });
  });

  it("without GOOGLE_CLIENT_ID, says it is not configured and reports no Google provider", async () => {
    const bare = await createTestApp();
    const b = bare.browser();
    expectRedirectToAuthWith(await b.request(`${TEST_ORIGIN}/api/auth/google`), NOT_CONFIGURED);
    expectRedirectToAuthWith(await b.request(`${CALLBACK_URL}?code=anything&state=anything`), NOT_CONFIGURED);
    expect(await b.trpc.auth.providers.query()).toEqual({ google: false });
  });
});

describe("Google callback", () => {
  it("creates a verified member with the spec's defaults and signs them in", async () => {
    const account = googleAccount({ name: "Ada Lovelace" });
    const b = t.browser();
    const response = await signInWithGoogle(b, account);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    expect(b.cookies.has("google_oauth_state")).toBe(false);
    expect(b.cookies.has("google_code_verifier")).toBe(false);

    const me = await b.trpc.auth.me.query();
    expect(me).toMatchObject({
      email: account.email,
      emailVerified: true,
      profile: {
        email: account.email,
        displayName: "Ada Lovelace",
        avatarUrl: account.picture,
        region: "United States",
        subscriptionStatus: "free",
        isPro: false,
      },
    });
    const [user] = await t.db.select().from(users).where(eq(users.id, me!.id));
    expect(user).toMatchObject({ googleId: account.sub, passwordHash: null });
  });

  it("links to a verified account with the same e-mail; the password set before Google proved the address stops working", async () => {
    const m = await t.member("Linked Member", "Linked.Member@Example.com");
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, m.me.id));
    const before = await t.db.$count(users);
    const account = googleAccount({ email: "linked.member@example.com", name: "Someone Else" });

    const b = t.browser();
    const response = await signInWithGoogle(b, account);
    expect(response.headers.get("Location")).toBe("/dashboard");
    expect(await b.trpc.auth.me.query()).toMatchObject({
      id: m.me.id,
      emailVerified: true,
      profile: { displayName: "Linked Member", avatarUrl: account.picture },
    });
    expect(await t.db.$count(users)).toBe(before);
    const [user] = await t.db.select().from(users).where(eq(users.id, m.me.id));
    expect(user).toMatchObject({ googleId: account.sub, passwordHash: null });

    // Whoever signed up with the address and got its owner to click 'Confirm' is out.
    expect(await m.trpc.auth.me.query()).toBeNull();
    const withPassword = await rejection(t.browser().trpc.auth.signIn.mutate({ email: m.email, password: m.password }));
    expect(withPassword).toMatchObject({ status: 401 });
    expect((await signInWithGoogle(t.browser(), account)).headers.get("Location")).toBe("/dashboard");
  });

  it("takes an unconfirmed address back from whoever signed up with it first", async () => {
    const squatter = await t.member("Squatter", "owner@example.com");
    const owner = t.browser();
    await signInWithGoogle(owner, googleAccount({ email: "owner@example.com" }));

    expect(await owner.trpc.auth.me.query()).toMatchObject({ id: squatter.me.id, emailVerified: true });
    expect(await squatter.trpc.auth.me.query()).toBeNull();
    await expect(
      t.browser().trpc.auth.signIn.mutate({ email: squatter.email, password: squatter.password }),
    ).rejects.toThrow("Invalid email or password. Please check your credentials and try again.");
  });

  it("cleans control characters out of the name Google sends", async () => {
    const b = t.browser();
    await signInWithGoogle(b, googleAccount({ name: "\u0000Grace\u0007 Hopper\u001b[31m" }));
    expect((await b.trpc.auth.me.query())?.profile?.displayName).toBe("Grace Hopper[31m");
  });

  it("keeps an avatar the member already has when linking", async () => {
    const m = await t.member("Has Avatar");
    await t.db.update(profiles).set({ avatarUrl: "https://example.com/mine.png" }).where(eq(profiles.id, m.me.id));
    await signInWithGoogle(t.browser(), googleAccount({ email: m.email }));
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, m.me.id));
    expect(profile!.avatarUrl).toBe("https://example.com/mine.png");
  });

  it("signs the same Google account into the same member every time", async () => {
    const account = googleAccount();
    const first = t.browser();
    await signInWithGoogle(first, account);
    const second = t.browser();
    expect((await signInWithGoogle(second, account)).headers.get("Location")).toBe("/dashboard");
    const [a, b] = await Promise.all([first.trpc.auth.me.query(), second.trpc.auth.me.query()]);
    expect(b!.id).toBe(a!.id);
    expect(await t.db.$count(users, eq(users.googleId, account.sub))).toBe(1);
  });
});

describe("Google callback refusals", () => {
  it("sends a suspended member back to sign-in, which says the account is suspended, with no session", async () => {
    const account = googleAccount();
    const before = t.browser();
    await signInWithGoogle(before, account);
    const { id } = (await before.trpc.auth.me.query())!;
    // As an administrator's suspension leaves the account (worker/safety/suspension.ts).
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, id));
    // Its session is refused at the next request, which blanks the cookie.
    expect(await before.trpc.auth.me.query()).toBeNull();
    await expectSignedOut(before);
    const b = t.browser();
    expectRedirectToAuthWith(await signInWithGoogle(b, account), "account_suspended");
    await expectSignedOut(b);
  });

  /** Runs a sign-in that must fail: the member lands on /auth with the message, unsigned and unsaved. */
  async function expectRefused(b: Browser, account: GoogleAccount, callback: URL, app: TestApp = t) {
    const before = await app.db.$count(users);
    const response = await b.request(callback);
    expectRedirectToAuthWith(response, FAILED);
    await expectSignedOut(b);
    expect(await app.db.$count(users)).toBe(before);
    expect(await app.db.$count(users, eq(users.email, account.email))).toBe(0);
  }

  it("refuses a state that does not match the cookie, without redeeming the code", async () => {
    const account = googleAccount();
    const b = t.browser();
    const callback = await consentAt(b, account);
    callback.searchParams.set("state", "forged-state");
    const redeemed = google.tokenRequests();
    await expectRefused(b, account, callback);
    expect(google.tokenRequests()).toBe(redeemed);
  });

  it("refuses a callback when the verifier cookie is gone", async () => {
    const account = googleAccount();
    const b = t.browser();
    const callback = await consentAt(b, account);
    b.cookies.delete("google_code_verifier");
    const redeemed = google.tokenRequests();
    await expectRefused(b, account, callback);
    expect(google.tokenRequests()).toBe(redeemed);
  });

  it("refuses when Google rejects the code (invalid_grant)", async () => {
    const account = googleAccount();
    const b = t.browser();
    const callback = await consentAt(b, account);
    callback.searchParams.set("code", "forged-code");
    await expectRefused(b, account, callback);
  });

  it("refuses when the verifier does not match the challenge Google was given", async () => {
    const account = googleAccount();
    const b = t.browser();
    const callback = await consentAt(b, account);
    b.cookies.set("google_code_verifier", base64url(randomUUID()));
    await expectRefused(b, account, callback);
  });

  it("refuses when Google rejects the client credentials (invalid_client)", async () => {
    const misconfigured = await createTestApp(googleEnv({ GOOGLE_CLIENT_SECRET: "not-the-secret" }));
    const account = googleAccount();
    const b = misconfigured.browser();
    await expectRefused(b, account, await consentAt(b, account), misconfigured);
  });

  it("refuses a Google account whose e-mail is not verified", async () => {
    const account = googleAccount({ email_verified: false });
    const b = t.browser();
    await expectRefused(b, account, await consentAt(b, account));
  });
});

describe("confirming through Google for sudo mode", () => {
  const ELEVEN_MINUTES_AGO = () => Date.now() - 11 * 60 * 1000;
  const SUDO = "/api/auth/google?sudo=1";

  /** A member with no password, signed in with Google, whose proof is eleven minutes old. */
  async function staleGoogleMember() {
    const account = googleAccount();
    const b = t.browser();
    await signInWithGoogle(b, account);
    const sessionId = b.cookies.get("crewboard_session")!;
    await t.db.update(sessions).set({ passwordConfirmedAt: ELEVEN_MINUTES_AGO() }).where(eq(sessions.id, sessionId));
    return { account, b, sessionId };
  }

  const proofOf = async (sessionId: string) =>
    (await t.db.select().from(sessions).where(eq(sessions.id, sessionId)))[0]?.passwordConfirmedAt;

  it("stamps the same session's proof when Google vouches for its own member, and returns to the desk", async () => {
    const { account, b, sessionId } = await staleGoogleMember();
    const me = await b.trpc.auth.me.query();
    const response = await b.request(await consentAt(b, account, SUDO));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/reports");
    expect(Date.now() - (await proofOf(sessionId))!).toBeLessThan(60_000);
    // The same session, the same member: a confirmation, not a new sign-in.
    expect(b.cookies.get("crewboard_session")).toBe(sessionId);
    expect(await b.trpc.auth.me.query()).toEqual(me);
    expect(b.cookies.has("google_sudo")).toBe(false);
  });

  it("stamps nothing and signs no one in when another Google account comes back", async () => {
    const { b, sessionId } = await staleGoogleMember();
    const before = await proofOf(sessionId);
    const me = await b.trpc.auth.me.query();
    const response = await b.request(await consentAt(b, googleAccount(), SUDO));
    expect(response.headers.get("Location")).toBe("/admin/reports");
    expect(await proofOf(sessionId)).toBe(before);
    expect(b.cookies.get("crewboard_session")).toBe(sessionId);
    expect(await b.trpc.auth.me.query()).toEqual(me);
  });

  it("is an ordinary sign-in for a visitor who is not signed in", async () => {
    const account = googleAccount();
    const b = t.browser();
    const response = await b.request(await consentAt(b, account, SUDO));
    expect(response.headers.get("Location")).toBe("/dashboard");
    expect(await b.trpc.auth.me.query()).toMatchObject({ email: account.email });
  });
});
