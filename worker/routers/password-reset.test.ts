/** 'Forgot password?': one answer for every address, single-use links, and a fresh start for the account. */
import { and, desc, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { INVALID_RESET_LINK, RESET_LINK_SENT } from "@core/auth-messages";
import { accountTokens, outbox, rateLimits, sessions, users } from "@db/schema";
import { PASSWORD_TOO_SHORT } from "@core/rules";
import { createTestApp, rejection, TEST_ORIGIN, type TestApp, type TestMember } from "@testing/harness";
import { ALONE_ONLY } from "../trpc";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: "1000", RATE_LIMIT_RESET_PER_IP: "1000" });
});

let ips = 0;
/** Each request from an address of its own, so only the limit a test looks at can refuse it. */
const fromNewIp = (app: TestApp = t) => app.setClientIp(`198.51.100.${++ips}`);

async function latestMail(app: TestApp, to: string) {
  const [mail] = await app.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1);
  return mail ?? null;
}

async function resetLink(app: TestApp, to: string) {
  const mail = await latestMail(app, to);
  expect(mail?.subject).toBe("Reset your Crewboard password");
  return new URL(mail!.body.match(/https?:\/\/\S+\/auth\/reset-password\S+/)![0]);
}

async function askForReset(m: TestMember, app: TestApp = t) {
  fromNewIp(app);
  await app.browser().trpc.auth.requestPasswordReset.mutate({ email: m.email });
  return (await resetLink(app, m.email)).searchParams.get("token")!;
}

const signIn = (email: string, password: string) => t.browser().trpc.auth.signIn.mutate({ email, password });

describe("asking for a link", () => {
  it("answers the same for an address with an account and one without", async () => {
    const m = await t.member("Known");
    const known = await t.browser().trpc.auth.requestPasswordReset.mutate({ email: m.email.toUpperCase() });
    const unknown = await t.browser().trpc.auth.requestPasswordReset.mutate({ email: "nobody-here@example.com" });
    expect(known).toEqual({ message: RESET_LINK_SENT });
    expect(unknown).toEqual(known);
    expect(await latestMail(t, m.email)).not.toBeNull();
    expect(await latestMail(t, "nobody-here@example.com")).toBeNull();
  });

  it("does the same work for both: the same statements, a token hashed and a write either way", async () => {
    const m = await t.member("Same Work");
    // Every statement sent to the database, without its arguments (the addresses differ).
    const batches = vi.spyOn(t.db.$client, "batch");
    const executes = vi.spyOn(t.db.$client, "execute");
    const sqlOf = (statement: unknown) =>
      typeof statement === "string" ? statement : (statement as { sql: string }).sql;
    const work = async (email: string) => {
      batches.mockClear();
      executes.mockClear();
      fromNewIp();
      await t.browser().trpc.auth.requestPasswordReset.mutate({ email });
      await t.settle();
      return {
        batches: batches.mock.calls.map(([statements]) => statements.map(sqlOf)),
        // Sending the outbox happens after the response, which cannot tell the two apart.
        executes: executes.mock.calls.map(([statement]) => sqlOf(statement)).filter((s) => !/^update "outbox"/.test(s)),
      };
    };
    try {
      const known = await work(m.email);
      const unknown = await work("no-account@example.com");
      expect(known).toEqual(unknown);
      // The rate limits' counting, then the link and its e-mail, each an INSERT ... SELECT.
      expect(known.batches).toHaveLength(2);
      expect(known.batches[1]!.join("\n")).toMatch(/insert into "account_tokens" .* select/i);
    } finally {
      batches.mockRestore();
      executes.mockRestore();
    }
  });

  it("stores the token hashed, valid for 1 hour, and mails a link to the configured origin", async () => {
    const m = await t.member("Hashed");
    const token = await askForReset(m);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.db.select().from(accountTokens).where(eq(accountTokens.userId, m.me.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const lifetime = rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime();
    expect(lifetime).toBe(60 * 60 * 1000);
  });

  it("builds the link from APP_URL, never from the Host the request names", async () => {
    const m = await t.member("Origin");
    const response = await t.app.request("http://evil.example/api/trpc/auth.requestPasswordReset", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: "http://evil.example",
        Host: "evil.example",
        "X-Forwarded-Host": "evil.example",
      },
      body: JSON.stringify({ json: { email: m.email } }),
    });
    expect(response.status).toBe(200);
    expect((await resetLink(t, m.email)).origin).toBe(TEST_ORIGIN);
    expect((await latestMail(t, m.email))!.body).not.toContain("evil.example");
  });

  it("limits requests per address, whichever IP they come from", async () => {
    const limited = await createTestApp({ RATE_LIMIT_RESET_PER_EMAIL: "2" });
    const m = await limited.member("Flooded");
    for (let i = 0; i < 2; i++) {
      fromNewIp(limited);
      await limited.browser().trpc.auth.requestPasswordReset.mutate({ email: m.email });
    }
    fromNewIp(limited);
    const refused = await rejection(limited.browser().trpc.auth.requestPasswordReset.mutate({ email: m.email }));
    expect(refused).toMatchObject({ status: 429 });
    expect(refused.message).toMatch(/^Too many attempts, try again in \d+ minutes?$/);
    expect(await limited.db.$count(outbox, eq(outbox.subject, "Reset your Crewboard password"))).toBe(2);
    // An address without an account is limited alike, so the limit tells nothing either.
    for (let i = 0; i < 2; i++) {
      fromNewIp(limited);
      await limited.browser().trpc.auth.requestPasswordReset.mutate({ email: "ghost@example.com" });
    }
    fromNewIp(limited);
    expect(
      await rejection(limited.browser().trpc.auth.requestPasswordReset.mutate({ email: "ghost@example.com" })),
    ).toMatchObject({ status: 429 });
  });

  it("limits requests per IP across addresses", async () => {
    const limited = await createTestApp({ RATE_LIMIT_RESET_PER_IP: "3" });
    for (let i = 0; i < 3; i++) {
      await limited.browser().trpc.auth.requestPasswordReset.mutate({ email: `someone-${i}@example.com` });
    }
    const refused = await rejection(
      limited.browser().trpc.auth.requestPasswordReset.mutate({ email: "one-more@example.com" }),
    );
    expect(refused).toMatchObject({ status: 429 });
  });

  it("refuses requests sent inside a batch, counting and sending none", async () => {
    const m = await t.member("Batched");
    const input = JSON.stringify({ json: { email: m.email } });
    const response = await t
      .browser()
      .request("/api/trpc/auth.requestPasswordReset,auth.requestPasswordReset?batch=1", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: `{"0":${input},"1":${input}}`,
      });
    const answers = (await response.json()) as { error: { json: { message: string } } }[];
    expect(answers.map((a) => a.error.json.message)).toEqual([ALONE_ONLY, ALONE_ONLY]);
    expect(await t.db.$count(rateLimits, like(rateLimits.key, `reset:email:${m.email}`))).toBe(0);
    expect(await latestMail(t, m.email)).toMatchObject({ subject: "Confirm your Crewboard e-mail address" });
  });

  it("refuses a reset sent inside a batch, spending nothing", async () => {
    const m = await t.member("Batched Reset");
    const token = await askForReset(m);
    const input = JSON.stringify({ json: { token, password: "a new one" } });
    const response = await t.browser().request("/api/trpc/auth.resetPassword,auth.resetPassword?batch=1", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: `{"0":${input},"1":${input}}`,
    });
    const answers = (await response.json()) as { error: { json: { message: string } } }[];
    expect(answers.map((a) => a.error.json.message)).toEqual([ALONE_ONLY, ALONE_ONLY]);
    expect((await signIn(m.email, m.password)).id).toBe(m.me.id);
  });
});

describe("using the link", () => {
  it("sets the new password, signs out every session and signs this browser in anew", async () => {
    const m = await t.member("Locked Out");
    const laptop = t.browser();
    await laptop.trpc.auth.signIn.mutate({ email: m.email, password: m.password });
    const token = await askForReset(m);

    const browser = t.browser();
    const me = await browser.trpc.auth.resetPassword.mutate({ token, password: "brand new secret" });
    expect(me).toMatchObject({ id: m.me.id, email: m.email });
    expect(await browser.trpc.auth.me.query()).toMatchObject({ id: m.me.id });
    expect(await m.trpc.auth.me.query()).toBeNull();
    expect(await laptop.trpc.auth.me.query()).toBeNull();
    expect(await t.db.$count(sessions, eq(sessions.userId, m.me.id))).toBe(1);

    expect(await rejection(signIn(m.email, m.password))).toMatchObject({ status: 401 });
    expect((await signIn(m.email, "brand new secret")).id).toBe(m.me.id);
    expect(await latestMail(t, m.email)).toMatchObject({ subject: "Your Crewboard password was changed" });
  });

  it("works once: a second use is refused and changes nothing", async () => {
    const m = await t.member("Once");
    const token = await askForReset(m);
    await t.browser().trpc.auth.resetPassword.mutate({ token, password: "first choice" });
    const again = t.browser();
    expect(await rejection(again.trpc.auth.resetPassword.mutate({ token, password: "second choice" }))).toEqual({
      message: INVALID_RESET_LINK,
      code: "BAD_REQUEST",
      status: 400,
    });
    expect(again.cookies.has("crewboard_session")).toBe(false);
    expect((await signIn(m.email, "first choice")).id).toBe(m.me.id);
    expect(await rejection(signIn(m.email, "second choice"))).toMatchObject({ status: 401 });
  });

  it("refuses an expired link, and a made-up one", async () => {
    const m = await t.member("Late");
    const token = await askForReset(m);
    await t.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.userId, m.me.id));
    for (const attempt of [token, "made-up-token", token.slice(0, -1)]) {
      expect(
        await rejection(t.browser().trpc.auth.resetPassword.mutate({ token: attempt, password: "too late" })),
      ).toMatchObject({ message: INVALID_RESET_LINK, status: 400 });
    }
    expect((await signIn(m.email, m.password)).id).toBe(m.me.id);
  });

  it("spends the account's other links with it", async () => {
    const m = await t.member("Two Links");
    const first = await askForReset(m);
    const second = await askForReset(m);
    await t.browser().trpc.auth.resetPassword.mutate({ token: second, password: "from the second" });
    expect(
      await rejection(t.browser().trpc.auth.resetPassword.mutate({ token: first, password: "from the first" })),
    ).toMatchObject({ message: INVALID_RESET_LINK });
  });

  it("holds the new password to sign-up's rules, leaving the link usable", async () => {
    const m = await t.member("Short");
    const token = await askForReset(m);
    expect(await rejection(t.browser().trpc.auth.resetPassword.mutate({ token, password: "abc" }))).toMatchObject({
      message: PASSWORD_TOO_SHORT,
      status: 400,
    });
    await t.browser().trpc.auth.resetPassword.mutate({ token, password: "long enough" });
    expect((await signIn(m.email, "long enough")).id).toBe(m.me.id);
  });

  it("proves the address, and gives back a password a verification link had taken away", async () => {
    const m = await t.member("Unproven", `unproven-${crypto.randomUUID().slice(0, 6)}@example.com`);
    // The owner confirms from another device: the sign-up password stops working.
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, m.email), eq(outbox.subject, "Confirm your Crewboard e-mail address")));
    expect(mail!.body).toContain("'Forgot password?'");
    const verifyToken = new URL(mail!.body.match(/https?:\/\/\S+/)![0]).searchParams.get("token")!;
    await t.browser().trpc.auth.verifyEmail.mutate({ token: verifyToken });
    expect(await rejection(signIn(m.email, m.password))).toMatchObject({ status: 401 });

    const browser = t.browser();
    await browser.trpc.auth.resetPassword.mutate({ token: await askForReset(m), password: "mine again" });
    expect(await browser.trpc.auth.me.query()).toMatchObject({ id: m.me.id, emailVerified: true });
    const [user] = await t.db.select().from(users).where(eq(users.id, m.me.id));
    expect(user!.emailVerifiedAt).not.toBeNull();
  });
});
