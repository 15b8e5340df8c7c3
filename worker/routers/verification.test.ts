/** E-mail verification confirms an address and nothing else: it never decides who is signed in. */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { outbox, sessions, users } from "@db/schema";
import { createTestApp, rejection, type TestApp, type TestMember } from "@testing/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: "1000" });
});

async function linkTokenOf(email: string) {
  const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, email));
  return new URL(mail!.body.match(/https?:\/\/\S+/)![0]).searchParams.get("token")!;
}

const signInWith = (m: TestMember) => t.browser().trpc.auth.signIn.mutate({ email: m.email, password: m.password });

describe("opening a verification link", () => {
  it("leaves a signed-in member signed in as themselves, not as the link's account", async () => {
    const member = await t.member("Member");
    const other = await t.member("Other");
    const response = await member.request(`http://127.0.0.1:8787/api/trpc/auth.verifyEmail`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ json: { token: await linkTokenOf(other.email) } }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().filter((c) => c.startsWith("crewboard_session="))).toEqual([]);
    expect(await member.trpc.auth.me.query()).toMatchObject({ id: member.me.id, emailVerified: false });
    const [verified] = await t.db.select().from(users).where(eq(users.id, other.me.id));
    expect(verified!.emailVerifiedAt).not.toBeNull();
  });

  it("signs nobody in when the visitor is signed out, and tells them nothing about the account", async () => {
    const owner = await t.member("Owner");
    const visitor = t.browser();
    expect(await visitor.trpc.auth.verifyEmail.mutate({ token: await linkTokenOf(owner.email) })).toEqual({
      verified: true,
    });
    expect(visitor.cookies.has("crewboard_session")).toBe(false);
    expect(await visitor.trpc.auth.me.query()).toBeNull();
  });

  it("takes the address back from whoever signed up with it, when its owner clicks 'Confirm'", async () => {
    const squatter = await t.member("Squatter", "victim@example.com");
    // The owner of the mailbox, not signed in here, confirms the address they were sent.
    await t.browser().trpc.auth.verifyEmail.mutate({ token: await linkTokenOf("victim@example.com") });

    expect(await squatter.trpc.auth.me.query()).toBeNull();
    expect(await rejection(signInWith(squatter))).toMatchObject({
      status: 401,
      message: "Invalid email or password. Please check your credentials and try again.",
    });
    const [user] = await t.db.select().from(users).where(eq(users.id, squatter.me.id));
    expect(user).toMatchObject({ passwordHash: null });
    expect(user!.emailVerifiedAt).not.toBeNull();
    expect(await t.db.$count(sessions, eq(sessions.userId, squatter.me.id))).toBe(0);
  });

  it("keeps the password when the account's own signed-in browser confirms: one person holds both", async () => {
    const m = await t.member("Owner Here");
    await m.trpc.auth.verifyEmail.mutate({ token: await linkTokenOf(m.email) });
    expect(await m.trpc.auth.me.query()).toMatchObject({ id: m.me.id, emailVerified: true });
    expect((await signInWith(m)).id).toBe(m.me.id);
  });

  it("changes nothing for a used, unknown or expired token", async () => {
    const m = await t.member("Twice");
    const token = await linkTokenOf(m.email);
    await m.trpc.auth.verifyEmail.mutate({ token });
    for (const attempt of [token, "no-such-token"]) {
      const error = await rejection(t.browser().trpc.auth.verifyEmail.mutate({ token: attempt }));
      expect(error).toMatchObject({ status: 400 });
    }
    expect((await signInWith(m)).id).toBe(m.me.id);
  });
});
