import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pushOutbox, pushSubscriptions } from "@db/schema";
import { createTestApp, vapidEnv, type TestApp, type TestMember } from "@testing/harness";
import type { Outbound } from "../outbound/guard";
import { startPushStandIn, type PushStandIn, type TestDevice } from "@testing/push-stand-in";
import { runScheduledJobs } from "../jobs/scheduled";
import { deliverDuePushes, MAX_ATTEMPTS, queuePush, RETRY_DELAYS_MS } from "./outbox";

let standIn: PushStandIn;
let t: TestApp;

beforeAll(async () => {
  standIn = await startPushStandIn();
  t = await createTestApp(
    { ...(await vapidEnv()), ...standIn.env, RATE_LIMIT_SIGNUP_PER_IP: "10000" },
    { outbound: standIn.outbound },
  );
});
afterAll(() => standIn.close());

/** Ada and Bob, friends with a private chat; Bob enabled notifications on `devices` devices. */
async function pair(devices = 1) {
  const [ada, bob] = [await t.member("Ada"), await t.member("Bob")];
  const { requestId } = await ada.trpc.friends.request.mutate({ memberId: bob.me.id });
  await bob.trpc.friends.accept.mutate({ requestId });
  const { chatId } = await ada.trpc.chats.openPrivate.mutate({ friendId: bob.me.id });
  const phones: TestDevice[] = [];
  for (let i = 0; i < devices; i++) {
    const device = standIn.device();
    await bob.trpc.push.subscribe.mutate(device.subscription);
    phones.push(device);
  }
  await t.settle();
  // The friend request queued a push of its own (notifications.test.ts covers it): these tests count a message's.
  await t.db.delete(pushOutbox);
  return { ada, bob, chatId, phones };
}

const say = (from: TestMember, chatId: string, content: string) =>
  from.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content });

const pushesTo = (memberId: string) => t.db.select().from(pushOutbox).where(eq(pushOutbox.memberId, memberId));
const devicesOf = (memberId: string) =>
  t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.memberId, memberId));
const receivedBy = (device: TestDevice) => standIn.received.filter((push) => push.deviceId === device.id);
const pushServices = () => ({
  rooms: t.rooms,
  vapid: t.config.push,
  outbound: standIn.outbound,
  operatorHosts: t.config.pushEndpointHosts,
});
const scheduled = (at: number) => runScheduledJobs(t.db, t.mailer, t.config, at, pushServices());

describe("pushing a private message to a member who is away", () => {
  it("reaches every device, encrypted for each and signed for its push service", async () => {
    const { ada, bob, chatId, phones } = await pair(2);
    const before = Math.floor(Date.now() / 1000);
    await say(ada, chatId, "Are you coming to the standup?\nIt starts at ten.");
    await t.settle();

    for (const phone of phones) {
      const [push, ...more] = receivedBy(phone);
      expect(more).toEqual([]);
      // The stand-in decrypted it with the device's private key, as the browser would.
      expect(push!.payload).toEqual({
        title: "Ada",
        body: "Are you coming to the standup?",
        url: `/chat/${chatId}`,
        tag: `chat:${chatId}`,
      });
      // It checked the ES256 signature against `k`; the token names this server, the service and a day at most.
      expect(push!.vapid).toMatchObject({
        aud: standIn.origin,
        sub: "mailto:ops@example.com",
        publicKey: t.config.push!.publicKey,
      });
      expect(push!.vapid.exp).toBeGreaterThan(before);
      expect(push!.vapid.exp).toBeLessThanOrEqual(before + 24 * 60 * 60 + 5);
    }
    expect(standIn.refused).toEqual([]);
    const [row] = await pushesTo(bob.me.id);
    expect(row).toMatchObject({ attempts: 1, nextAttemptAt: null, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect((await devicesOf(bob.me.id)).every((device) => device.lastPushedAt)).toBe(true);
  });

  it("cuts a long first line, and goes to nobody but the recipient", async () => {
    const { ada, bob, chatId, phones } = await pair();
    await say(ada, chatId, "x".repeat(500));
    await t.settle();
    const body = (receivedBy(phones[0]!)[0]!.payload as { body: string }).body;
    expect(body).toBe(`${"x".repeat(139)}…`);
    expect(await pushesTo(ada.me.id)).toEqual([]);
    expect(await pushesTo(bob.me.id)).toHaveLength(1);
  });

  it("is not pushed to a member with a page open: that page shows it live", async () => {
    const { ada, bob, chatId, phones } = await pair();
    t.online.add(bob.me.id);
    try {
      await say(ada, chatId, "You are here already");
      await t.settle();
    } finally {
      t.online.delete(bob.me.id);
    }
    expect(receivedBy(phones[0]!)).toEqual([]);
    // Settled without sending: nothing left to try, nothing went wrong.
    expect(await pushesTo(bob.me.id)).toMatchObject([{ nextAttemptAt: null, sentAt: null, lastError: null }]);
  });

  it("forgets a device its push service answers 410 or 404 for, and keeps the others", async () => {
    const { ada, bob, chatId, phones } = await pair(3);
    const [unsubscribed, gone, kept] = phones as [TestDevice, TestDevice, TestDevice];
    standIn.answer(unsubscribed, 410);
    standIn.answer(gone, 404);
    await say(ada, chatId, "Still there?");
    await t.settle();
    expect((await devicesOf(bob.me.id)).map((d) => d.endpoint)).toEqual([kept.subscription.endpoint]);
    expect(receivedBy(kept)).toHaveLength(1);
    expect((await bob.trpc.push.list.query()).map((d) => d.endpoint)).toEqual([kept.subscription.endpoint]);
  });

  it("tries again later when the push service fails (500), and the retry delivers", async () => {
    const { ada, bob, chatId, phones } = await pair();
    const phone = phones[0]!;
    standIn.answer(phone, 500);
    const sentAt = Date.now();
    await say(ada, chatId, "Try me again");
    await t.settle();
    const [failed] = await pushesTo(bob.me.id);
    expect(failed).toMatchObject({ attempts: 1, sentAt: null });
    expect(failed!.lastError).toMatch(/answered 500/);
    const retryAt = failed!.nextAttemptAt!.getTime();
    expect(retryAt).toBeGreaterThanOrEqual(sentAt + RETRY_DELAYS_MS[0]);
    expect(await devicesOf(bob.me.id)).toHaveLength(1);

    standIn.answer(phone, 201);
    await scheduled(retryAt - 1000);
    expect((await pushesTo(bob.me.id))[0]!.attempts).toBe(1);
    await scheduled(retryAt);
    const [sent] = await pushesTo(bob.me.id);
    expect(sent).toMatchObject({ attempts: 2, nextAttemptAt: null, lastError: null });
    // The 500 reached the stand-in too; the retry is the push the device shows.
    expect(receivedBy(phone).map((push) => (push.payload as { body: string }).body)).toEqual([
      "Try me again",
      "Try me again",
    ]);
  });

  it("gives up after its last attempt and keeps the error", async () => {
    const { ada, bob, chatId, phones } = await pair();
    standIn.answer(phones[0]!, 503);
    await say(ada, chatId, "Never arrives");
    await t.settle();
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      const [row] = await pushesTo(bob.me.id);
      await scheduled(row!.nextAttemptAt!.getTime());
    }
    const [row] = await pushesTo(bob.me.id);
    expect(row).toMatchObject({ attempts: MAX_ATTEMPTS, nextAttemptAt: null, sentAt: null });
    expect(row!.lastError).toMatch(/answered 503/);
  });

  it("is settled as failed, never sent, by a server without VAPID keys", async () => {
    const { bob, phones } = await pair();
    await queuePush(t.db, bob.me.id, { title: "Ada", body: "Hello", url: "/friends", tag: "test" });
    await deliverDuePushes(t.db, { ...pushServices(), vapid: null });
    expect(receivedBy(phones[0]!)).toEqual([]);
    const [row] = await pushesTo(bob.me.id);
    expect(row).toMatchObject({ attempts: 1, nextAttemptAt: null, sentAt: null });
    expect(row!.lastError).toMatch(/VAPID/);
  });
});

describe("a device stored before pushes were held to known push services", () => {
  it("is forgotten, never sent to, once its host is not one pushes may go to", async () => {
    // The same stand-in, but on a server whose operator did not name its host.
    const asked: string[] = [];
    const outbound: Outbound = (address, init, rules) => {
      asked.push(address);
      return standIn.outbound(address, init, rules);
    };
    const strict = await createTestApp({ ...(await vapidEnv()) }, { outbound });
    const [ada, bob] = [await strict.member("Ada"), await strict.member("Bob")];
    const { requestId } = await ada.trpc.friends.request.mutate({ memberId: bob.me.id });
    await bob.trpc.friends.accept.mutate({ requestId });
    const { chatId } = await ada.trpc.chats.openPrivate.mutate({ friendId: bob.me.id });
    const phone = standIn.device();
    // As push.subscribe stored it when it took any https address.
    await strict.db.insert(pushSubscriptions).values({
      id: "old",
      memberId: bob.me.id,
      ...phone.subscription.keys,
      endpoint: phone.subscription.endpoint,
      device: "Chrome",
    });
    await strict.settle();
    await strict.db.delete(pushOutbox);

    await ada.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content: "Hello inside" });
    await strict.settle();
    expect(asked).toEqual([]);
    expect(receivedBy(phone)).toEqual([]);
    expect(await bob.trpc.push.list.query()).toEqual([]);
    expect(await strict.db.select().from(pushOutbox)).toMatchObject([
      { sentAt: null, nextAttemptAt: null, lastError: null },
    ]);
  });
});
