import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sessions } from "@db/schema";
import { createTestApp, TEST_ORIGIN, type TestApp } from "@testing/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const sessionCookies = (response: Response) =>
  response.headers.getSetCookie().filter((cookie) => cookie.startsWith("crewboard_session="));

/** Moves the member's session close to its sliding expiry, where lucia extends it. */
async function nearlyExpired(userId: string) {
  await t.db
    .update(sessions)
    .set({ expiresAt: Math.floor(Date.now() / 1000) + 24 * 60 * 60 })
    .where(eq(sessions.userId, userId));
}

describe("the sliding session", () => {
  it("sends the extended cookie with a tRPC answer, and the session lives on in the database", async () => {
    const m = await t.member();
    const id = m.cookies.get("crewboard_session")!;
    await nearlyExpired(m.me.id);
    const response = await m.request(`${TEST_ORIGIN}/api/trpc/auth.me`);
    expect(response.status).toBe(200);
    const [cookie] = sessionCookies(response);
    expect(cookie).toContain(`crewboard_session=${id};`);
    expect(Number(cookie!.match(/Max-Age=(\d+)/i)![1])).toBeGreaterThan(29 * 24 * 60 * 60);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row!.expiresAt).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 60 * 60);
  });

  it("clears an unknown session cookie on a tRPC answer, not only on /api/health", async () => {
    const b = t.browser();
    b.cookies.set("crewboard_session", "no-such-session");
    const response = await b.request(`${TEST_ORIGIN}/api/trpc/auth.me`);
    expect(sessionCookies(response)).toEqual([expect.stringMatching(/^crewboard_session=;.*Max-Age=0/i)]);
    expect(b.cookies.has("crewboard_session")).toBe(false);
  });

  it("lets a sign-in during a refreshing request have the last word", async () => {
    const other = await t.member("Other");
    await other.trpc.auth.signOut.mutate();
    const m = await t.member("Refreshed");
    await nearlyExpired(m.me.id);
    const me = await m.trpc.auth.signIn.mutate({ email: other.email, password: other.password });
    expect(me.id).toBe(other.me.id);
    expect((await m.trpc.auth.me.query())?.id).toBe(other.me.id);
  });

  it("does not put a session cookie on a public avatar image", async () => {
    const m = await t.member();
    await nearlyExpired(m.me.id);
    const response = await m.request(`${TEST_ORIGIN}/api/avatars/missing.png`);
    expect(sessionCookies(response)).toEqual([]);
  });
});
