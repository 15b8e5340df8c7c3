import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { emailTokens, outbox, profiles, sessions, users } from "@db/schema";
import { createTestApp, rejection, type TestApp } from "@testing/harness";
import { PASSWORD_HASH_LOG2_N } from "../auth/password";

const verificationToken = (body: string) => new URL(body.match(/https?:\/\/\S+/)![0]).searchParams.get("token")!;

let t: TestApp;
beforeAll(async () => {
  // At the production cost of a password hash, which the first test reads back from the stored hash.
  t = await createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: "1000", PASSWORD_HASH_LOG2_N: String(PASSWORD_HASH_LOG2_N) });
});

describe("sign up", () => {
  it("creates the user and a profile with the spec's defaults, and signs in", async () => {
    const b = t.browser();
    const me = await b.trpc.auth.signUp.mutate({
      displayName: "  Grace Hopper ",
      email: "Grace@Example.COM",
      password: "secret1",
    });
    expect(me.email).toBe("grace@example.com");
    expect(me.emailVerified).toBe(false);
    expect(me.profile).toMatchObject({
      displayName: "Grace Hopper",
      email: "grace@example.com",
      bio: null,
      age: null,
      specialization: null,
      region: "United States",
      skills: [],
      developerType: null,
      interestedProjects: [],
      experience: null,
      isPro: false,
      subscriptionStatus: "free",
      subscriptionExpiresAt: null,
    });
    expect(await b.trpc.auth.me.query()).toMatchObject({ id: me.id, email: "grace@example.com" });
    const [user] = await t.db.select().from(users).where(eq(users.id, me.id));
    expect(user!.passwordHash).toMatch(/^scrypt\$16384\$8\$5\$/);
    expect(user!.passwordHash).not.toContain("secret1");
  });

  it("refuses a password shorter than 6 characters with the spec's message and stores nothing", async () => {
    const before = await t.db.$count(users);
    const error = await rejection(
      t.browser().trpc.auth.signUp.mutate({ displayName: "Short", email: "short@example.com", password: "12345" }),
    );
    expect(error).toMatchObject({ status: 400, message: "Password must be at least 6 characters long." });
    expect(await t.db.$count(users)).toBe(before);
  });

  it("refuses an e-mail that is already registered, whatever its case", async () => {
    await t.member("First", "taken@example.com");
    const error = await rejection(
      t.browser().trpc.auth.signUp.mutate({ displayName: "Second", email: "TAKEN@example.com", password: "secret1" }),
    );
    expect(error).toMatchObject({
      status: 409,
      message: "An account with this email already exists. Please sign in instead.",
    });
    expect(await t.db.$count(users, eq(users.email, "taken@example.com"))).toBe(1);
  });

  it.each([
    [{ displayName: "", email: "a@example.com", password: "secret1" }, "Please enter your display name."],
    [
      { displayName: "x".repeat(51), email: "a@example.com", password: "secret1" },
      "Display name must be at most 50 characters.",
    ],
    [{ displayName: "A", email: "not-an-email", password: "secret1" }, "Please enter a valid email address."],
    [
      { displayName: "A", email: `${"a".repeat(250)}@x.io`, password: "secret1" },
      "Email must be at most 254 characters.",
    ],
    [
      { displayName: "A", email: "a@example.com", password: "p".repeat(129) },
      "Password must be at most 128 characters long.",
    ],
    [{ displayName: 42, email: "a@example.com", password: "secret1" }, "Please enter your display name."],
  ])("refuses bad input %j with a clear message", async (input, message) => {
    const before = await t.db.$count(users);
    const error = await rejection(t.browser().trpc.auth.signUp.mutate(input as never));
    expect(error).toMatchObject({ status: 400, message });
    expect(await t.db.$count(users)).toBe(before);
  });

  it("mails a single-use verification link that verifies the address, keeping the member signed in", async () => {
    const m = await t.member("Verifier", "verify@example.com");
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, "verify@example.com"));
    expect(mail!.body).toContain("/auth/verify?token=");
    const token = verificationToken(mail!.body);
    const [stored] = await t.db.select().from(emailTokens).where(eq(emailTokens.userId, m.me.id));
    expect(stored!.tokenHash).not.toBe(token);

    expect(await m.trpc.auth.verifyEmail.mutate({ token })).toEqual({ verified: true });
    expect(await m.trpc.auth.me.query()).toMatchObject({ id: m.me.id, emailVerified: true });
    expect((await t.browser().trpc.auth.signIn.mutate({ email: m.email, password: m.password })).id).toBe(m.me.id);

    const again = await rejection(t.browser().trpc.auth.verifyEmail.mutate({ token }));
    expect(again.message).toBe(
      "Invalid verification link. Please check your email and try again, or contact support if the problem persists.",
    );
  });

  it("refuses an expired verification token", async () => {
    const m = await t.member("Late", "late@example.com");
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, "late@example.com"));
    await t.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(emailTokens.userId, m.me.id));
    const error = await rejection(t.browser().trpc.auth.verifyEmail.mutate({ token: verificationToken(mail!.body) }));
    expect(error.status).toBe(400);
    expect((await m.trpc.auth.me.query())!.emailVerified).toBe(false);
  });
});

describe("sign in and out", () => {
  it("signs in with the right password, with a new session id each time", async () => {
    const m = await t.member("Linus", "linus@example.com");
    const first = m.cookies.get("crewboard_session");
    const b = t.browser();
    const me = await b.trpc.auth.signIn.mutate({ email: "LINUS@example.com", password: m.password });
    expect(me.id).toBe(m.me.id);
    expect(b.cookies.get("crewboard_session")).toBeTruthy();
    expect(b.cookies.get("crewboard_session")).not.toBe(first);
  });

  it("answers a wrong password and an unknown e-mail with the same message", async () => {
    // An app of its own over the password module with spies (every export keeps its behaviour),
    // imported afresh: the test files of a worker share their modules.
    vi.resetModules();
    vi.doMock("../auth/password", { spy: true });
    onTestFinished(() => {
      vi.doUnmock("../auth/password");
      vi.resetModules();
    });
    const { decoyHash, verifyPassword } = await import("../auth/password");
    const harness = await import("@testing/harness");
    const app = await harness.createTestApp({ PASSWORD_HASH_LOG2_N: String(PASSWORD_HASH_LOG2_N) });
    await app.member("Known", "known@example.com");
    const wrongPassword = await rejection(
      app.browser().trpc.auth.signIn.mutate({ email: "known@example.com", password: "wrong password" }),
    );
    vi.mocked(verifyPassword).mockClear();
    const unknownEmail = await rejection(
      app.browser().trpc.auth.signIn.mutate({ email: "nobody@example.com", password: "wrong password" }),
    );
    const message = "Invalid email or password. Please check your credentials and try again.";
    expect(wrongPassword).toMatchObject({ status: 401, message });
    expect(unknownEmail).toMatchObject({ status: 401, message });
    // An unknown e-mail costs a real hash check too, so its answer takes as long as a wrong password's.
    expect(vi.mocked(verifyPassword).mock.calls).toEqual([[await decoyHash(), "wrong password"]]);
  });

  it("sets an HttpOnly, SameSite=Lax session cookie, not Secure on localhost", async () => {
    const response = await t.browser().request("http://127.0.0.1:8787/api/trpc/auth.signUp", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ json: { displayName: "Cookie", email: "cookie@example.com", password: "secret1" } }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("crewboard_session="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it("signs out on the server: the old cookie no longer works", async () => {
    const m = await t.member();
    const stolen = m.cookies.get("crewboard_session")!;
    await m.trpc.auth.signOut.mutate();
    expect(await m.trpc.auth.me.query()).toBeNull();
    const replay = t.browser();
    replay.cookies.set("crewboard_session", stolen);
    expect(await replay.trpc.auth.me.query()).toBeNull();
    expect(await t.db.$count(sessions, eq(sessions.userId, m.me.id))).toBe(0);
  });

  it("ends a session past its absolute lifetime even though it would still slide", async () => {
    const m = await t.member();
    await t.db
      .update(sessions)
      .set({ createdAt: Date.now() - 91 * 24 * 60 * 60 * 1000 })
      .where(eq(sessions.userId, m.me.id));
    expect(await m.trpc.auth.me.query()).toBeNull();
  });

  it("keeps a profile row per account", async () => {
    const m = await t.member("Profiled");
    expect(await t.db.$count(profiles, eq(profiles.id, m.me.id))).toBe(1);
  });
});

describe("brute force", () => {
  it("locks an e-mail after 5 failed sign-ins and says for how long", async () => {
    const limited = await createTestApp();
    const m = await limited.member("Target", "target@example.com");
    for (let i = 0; i < 5; i++) {
      limited.setClientIp(`198.51.100.${i}`);
      await rejection(
        limited.browser().trpc.auth.signIn.mutate({ email: "target@example.com", password: "guess" + i }),
      );
    }
    limited.setClientIp("198.51.100.99");
    const locked = await rejection(
      limited.browser().trpc.auth.signIn.mutate({ email: "target@example.com", password: m.password }),
    );
    expect(locked).toMatchObject({ status: 429 });
    expect(locked.message).toMatch(/^Too many attempts, try again in 1[45] minutes$/);
  });

  it("limits failed sign-ins per IP across e-mails", async () => {
    const limited = await createTestApp({ RATE_LIMIT_SIGNIN_PER_IP: "3" });
    for (let i = 0; i < 3; i++) {
      await rejection(limited.browser().trpc.auth.signIn.mutate({ email: `x${i}@example.com`, password: "guess" }));
    }
    const locked = await rejection(
      limited.browser().trpc.auth.signIn.mutate({ email: "y@example.com", password: "guess" }),
    );
    expect(locked.message).toMatch(/^Too many attempts, try again in \d+ minutes?$/);
  });

  it("limits sign-ups per IP", async () => {
    const limited = await createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: "2" });
    await limited.member();
    await limited.member();
    const before = await limited.db.$count(users);
    const error = await rejection(limited.member());
    expect(error.status).toBe(429);
    expect(await limited.db.$count(users)).toBe(before);
  });
});

describe("requests", () => {
  it("refuses a state-changing request from another origin", async () => {
    const response = await t.app.request("/api/trpc/auth.signUp", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
      body: JSON.stringify({ json: { displayName: "Eve", email: "eve@example.com", password: "secret1" } }),
    });
    expect(response.status).toBe(403);
    expect(await t.db.$count(users, eq(users.email, "eve@example.com"))).toBe(0);
  });

  it.each([
    ["malformed JSON", "{"],
    ["a JSON array", "[1,2]"],
    ["null", "null"],
    ["a huge string", JSON.stringify({ json: { displayName: "x".repeat(200_000), email: "e", password: "p" } })],
  ])("answers %s with a 4xx, never a 500", async (_label, body) => {
    const response = await t.browser().request("http://127.0.0.1:8787/api/trpc/auth.signUp", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });

  it("refuses a body over 1 MB before reading it, with a message the tRPC client reads", async () => {
    const before = await t.db.$count(users);
    const call = t.browser().trpc.auth.signUp.mutate({
      displayName: "x".repeat(2_000_000),
      email: "big@example.com",
      password: "secret1",
    });
    expect(await rejection(call)).toEqual({
      message: "This request is too large.",
      code: "PAYLOAD_TOO_LARGE",
      status: 413,
    });
    expect(await t.db.$count(users)).toBe(before);
  });

  it("answers health and unknown API paths", async () => {
    expect((await t.app.request("/api/health")).status).toBe(200);
    const unknown = await t.app.request("/api/nope");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "Not found" });
    expect((await t.app.request("/api/trpc/nope.nothing")).status).toBe(404);
  });
});
