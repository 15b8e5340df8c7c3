import { eq, inArray, like } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { accountTokens, emailTokens, linkPreviews, rateLimits, sessions } from "@db/schema";
import { createTestApp, type TestApp, type TestMember } from "@testing/harness";
import { SESSION_ABSOLUTE_LIFETIME_MS } from "../auth/lucia";
import { LONGEST_WINDOW_MS } from "../auth/rate-limit";
import { CLEANUP_BATCH, runScheduledJobs } from "./scheduled";

let t: TestApp;
let m: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  m = await t.member();
});

const HOUR = 3600_000;

it("deletes expired sessions, e-mail and account tokens and rate-limit rows past their window, and keeps live ones", async () => {
  const now = Date.now();
  const seconds = (ms: number) => Math.floor(ms / 1000);
  const session = (id: string, expiresAt: number, createdAt = now - HOUR) => ({
    id,
    userId: m.me.id,
    expiresAt: seconds(expiresAt),
    createdAt,
  });
  await t.db
    .insert(sessions)
    .values([
      session("expired", now - HOUR),
      session("past-its-whole-life", now + HOUR, now - SESSION_ABSOLUTE_LIFETIME_MS - HOUR),
      session("live", now + HOUR),
    ]);
  const token = (tokenHash: string, expiresAt: number) => ({
    tokenHash,
    userId: m.me.id,
    expiresAt: new Date(expiresAt),
  });
  await t.db.insert(emailTokens).values([token("e-expired", now - 1), token("e-live", now + HOUR)]);
  await t.db.insert(accountTokens).values([
    { ...token("a-expired", now - 1), purpose: "password_reset" },
    { ...token("a-live", now + HOUR), purpose: "email_change", newEmail: "new@example.com" },
  ]);
  await t.db.insert(rateLimits).values([
    { key: "signup:ip:past", windowStart: now - LONGEST_WINDOW_MS - 1, count: 3 },
    { key: "signup:ip:current", windowStart: now - 60_000, count: 3 },
  ]);

  const done = await runScheduledJobs(t.db, t.mailer, t.config, now);
  expect(done).toMatchObject({ sessions: 2, emailTokens: 1, accountTokens: 1, rateLimits: 1 });

  const ids = await t.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(inArray(sessions.id, ["expired", "past-its-whole-life", "live"]));
  expect(ids.map((row) => row.id)).toEqual(["live"]);
  // The member's own session, from signing up, stays too.
  expect((await m.trpc.auth.me.query())?.id).toBe(m.me.id);
  const hashes = (rows: { tokenHash: string }[]) => rows.map((row) => row.tokenHash).filter((h) => h.includes("-"));
  expect(hashes(await t.db.select().from(emailTokens))).toEqual(["e-live"]);
  expect(hashes(await t.db.select().from(accountTokens))).toEqual(["a-live"]);
  expect((await t.db.select().from(rateLimits)).map((row) => row.key)).toContain("signup:ip:current");
  expect(await t.db.$count(rateLimits, eq(rateLimits.key, "signup:ip:past"))).toBe(0);
});

it("deletes link previews no reader would be given any more, and keeps fresh ones", async () => {
  const now = Date.now();
  const card = { kind: "page" as const, url: "", siteName: null, title: "T", description: null, image: null };
  await t.db.insert(linkPreviews).values([
    { url: "https://old.example.com/", card, fetchedAt: new Date(now - 25 * HOUR) },
    { url: "https://none.example.com/", card: null, fetchedAt: new Date(now - 25 * HOUR) },
    { url: "https://fresh.example.com/", card, fetchedAt: new Date(now - HOUR) },
  ]);
  const done = await runScheduledJobs(t.db, t.mailer, t.config, now);
  expect(done.previews).toBe(2);
  expect((await t.db.select().from(linkPreviews)).map((row) => row.url)).toEqual(["https://fresh.example.com/"]);
});

it("works in bounded batches: more expired rows than one statement takes are all gone after a run", async () => {
  const now = Date.now();
  const rows = Array.from({ length: CLEANUP_BATCH * 2 + 7 }, (_, i) => ({
    key: `bulk:${i}`,
    windowStart: now - 2 * LONGEST_WINDOW_MS,
    count: 1,
  }));
  for (let i = 0; i < rows.length; i += 200) await t.db.insert(rateLimits).values(rows.slice(i, i + 200));
  const done = await runScheduledJobs(t.db, t.mailer, t.config, now);
  expect(done.rateLimits).toBe(rows.length);
  expect(await t.db.$count(rateLimits, like(rateLimits.key, "bulk:%"))).toBe(0);
});
