/**
 * A session cookie names its member, and what that lets start before the session check answers:
 * queries, a message's send and a chat's read mark, whose writes carry the check. A session that no
 * longer holds (signed out, expired, past its absolute limit, its member suspended) gets 'Please sign
 * in' from each, and neither write changes anything, however the claim reads.
 */
import { and, count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { chatParticipants, chats, messages, sessions, users } from "@db/schema";
import { befriend } from "@testing/friends";
import { createTestApp, rejection, type TestApp, type TestMember } from "@testing/harness";
import { SESSION_ABSOLUTE_LIFETIME_MS } from "../auth/lucia";

let t: TestApp;
let ada: TestMember;
let bob: TestMember;
let chatId: string;

beforeEach(async () => {
  t = await createTestApp();
  [ada, bob] = [await t.member("Ada Claim"), await t.member("Bob Claim")];
  await befriend(ada, bob);
  ({ chatId } = await ada.trpc.chats.openPrivate.mutate({ friendId: bob.me.id }));
  await ada.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content: "Before" });
});

const stored = async () => (await t.db.select({ n: count() }).from(messages).where(eq(messages.chatId, chatId)))[0]!.n;

const ends: [string, () => Promise<unknown>][] = [
  ["signed out on another device", () => t.db.delete(sessions).where(eq(sessions.userId, ada.me.id))],
  [
    "expired",
    () =>
      t.db
        .update(sessions)
        .set({ expiresAt: Math.floor(Date.now() / 1000) - 1 })
        .where(eq(sessions.userId, ada.me.id)),
  ],
  [
    "past the absolute limit",
    () =>
      t.db
        .update(sessions)
        .set({ createdAt: Date.now() - SESSION_ABSOLUTE_LIFETIME_MS - 1000 })
        .where(eq(sessions.userId, ada.me.id)),
  ],
  ["its member suspended", () => t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, ada.me.id))],
];

describe.each(ends)("a session %s", (_how, end) => {
  it("reads nothing", async () => {
    await end();
    expect(await rejection(ada.trpc.chats.messages.query({ chatId }))).toMatchObject({
      code: "UNAUTHORIZED",
      message: "Please sign in to continue.",
    });
    expect(await ada.trpc.auth.me.query()).toBeNull();
  });

  it("sends nothing", async () => {
    await end();
    expect(
      await rejection(ada.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content: "After" })),
    ).toMatchObject({ code: "UNAUTHORIZED", message: "Please sign in to continue." });
    expect(await stored()).toBe(1);
  });

  it("opens no chat", async () => {
    const cy = await t.member("Cy Claim");
    await befriend(ada, cy);
    await end();
    expect(await rejection(ada.trpc.chats.openPrivate.mutate({ friendId: cy.me.id }))).toMatchObject({
      code: "UNAUTHORIZED",
    });
    expect(await t.db.select().from(chats).where(eq(chats.createdBy, ada.me.id))).toHaveLength(1);
  });

  it("marks nothing read", async () => {
    await bob.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content: "Unread" });
    await end();
    expect(await rejection(ada.trpc.chats.markRead.mutate({ chatId, seq: 2 }))).toMatchObject({
      code: "UNAUTHORIZED",
    });
    const [mark] = await t.db
      .select({ seq: chatParticipants.lastReadSeq })
      .from(chatParticipants)
      .where(and(eq(chatParticipants.chatId, chatId), eq(chatParticipants.userId, ada.me.id)));
    expect(mark!.seq).toBe(1);
  });
});

it("a cookie naming one member with another member's secret is refused, and stores nothing", async () => {
  const bobsSecret = bob.cookies.get("crewboard_session")!.split(".")[1]!;
  const mixed = t.browser();
  mixed.cookies.set("crewboard_session", `${ada.me.id}.${bobsSecret}`);
  expect(
    await rejection(mixed.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content: "Mixed" })),
  ).toMatchObject({ code: "UNAUTHORIZED" });
  expect(await rejection(mixed.trpc.chats.messages.query({ chatId }))).toMatchObject({ code: "UNAUTHORIZED" });
  expect(await stored()).toBe(1);
});

it("a session whose id names nobody (from before ids named their member) still signs its member in", async () => {
  const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, ada.me.id));
  const oldId = "a".repeat(40);
  await t.db.update(sessions).set({ id: oldId }).where(eq(sessions.id, row!.id));
  ada.cookies.set("crewboard_session", oldId);
  expect((await ada.trpc.auth.me.query())?.id).toBe(ada.me.id);
  await ada.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content: "Old cookie" });
  expect(await stored()).toBe(2);
});
