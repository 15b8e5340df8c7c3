import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  MAX_PUSH_DEVICES,
  PUSH_DEVICE_GONE,
  PUSH_ENDPOINT_INVALID,
  PUSH_KEYS_INVALID,
  PUSH_OFF,
  PUSH_SERVICE_UNKNOWN,
  type PushPayload,
} from "@core/push-rules";
import { MESSAGES_PREFERENCE } from "@core/notification-rules";
import { notificationPreferences, pushOutbox, pushSubscriptions } from "@db/schema";
import { createTestApp, rejection, vapidEnv, type TestApp, type TestMember } from "@testing/harness";
import { attachmentForm } from "@testing/forms";
import { deviceKeys } from "@testing/push-stand-in";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ...(await vapidEnv()), RATE_LIMIT_SIGNUP_PER_IP: "10000" });
});

const newDevice = () => deviceKeys(`https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`).subscription;
const CHROME_ON_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

describe("push.vapidPublicKey", () => {
  it("gives browsers the server's key, and null when push is off", async () => {
    const m = await t.member();
    expect(await m.trpc.push.vapidPublicKey.query()).toBe(t.config.push!.publicKey);
    const off = await createTestApp();
    expect(await (await off.member()).trpc.push.vapidPublicKey.query()).toBeNull();
  });
});

describe("push.subscribe", () => {
  it("stores this browser for the member, named by its browser and system", async () => {
    const m = await t.member();
    const device = newDevice();
    const response = await m.request("/api/trpc/push.subscribe", {
      method: "POST",
      headers: { "Content-Type": "application/json", "User-Agent": CHROME_ON_ANDROID },
      body: JSON.stringify({ json: { ...device, expirationTime: null } }),
    });
    expect(response.status).toBe(200);
    const [listed] = await m.trpc.push.list.query();
    expect(listed).toMatchObject({ endpoint: device.endpoint, device: "Chrome on Android", lastPushedAt: null });
    const [row] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, listed!.id));
    expect(row).toMatchObject({ memberId: m.me.id, p256dh: device.keys.p256dh, auth: device.keys.auth });
  });

  it("keeps one row per browser: subscribing again updates it, another member signing in there takes it", async () => {
    const [ada, bob] = [await t.member(), await t.member()];
    const device = newDevice();
    await ada.trpc.push.subscribe.mutate(device);
    await ada.trpc.push.subscribe.mutate(device);
    expect(await ada.trpc.push.list.query()).toHaveLength(1);
    await bob.trpc.push.subscribe.mutate(device);
    expect(await ada.trpc.push.list.query()).toEqual([]);
    expect((await bob.trpc.push.list.query()).map((d) => d.endpoint)).toEqual([device.endpoint]);
  });

  it(`keeps a member's ${MAX_PUSH_DEVICES} newest devices`, async () => {
    const m = await t.member();
    const devices = Array.from({ length: MAX_PUSH_DEVICES + 2 }, newDevice);
    for (const device of devices) await m.trpc.push.subscribe.mutate(device);
    const listed = await m.trpc.push.list.query();
    expect(listed.map((d) => d.endpoint)).toEqual(
      devices
        .slice(2)
        .reverse()
        .map((d) => d.endpoint),
    );
  });

  it("refuses what no push service would give: a plain-http or junk address, keys that are not keys", async () => {
    const m = await t.member();
    const device = newDevice();
    const refused = async (input: unknown) => rejection(m.trpc.push.subscribe.mutate(input as typeof device));
    expect(await refused({ ...device, endpoint: "http://fcm.googleapis.com/fcm/send/x" })).toMatchObject({
      message: PUSH_ENDPOINT_INVALID,
      code: "BAD_REQUEST",
    });
    expect(await refused({ ...device, endpoint: "not a url" })).toMatchObject({ message: PUSH_ENDPOINT_INVALID });
    expect(await refused({ ...device, endpoint: `https://fcm.googleapis.com/${"x".repeat(2000)}` })).toMatchObject({
      message: PUSH_ENDPOINT_INVALID,
    });
    expect(await refused({ ...device, keys: { ...device.keys, auth: "short" } })).toMatchObject({
      message: PUSH_KEYS_INVALID,
    });
    // The right length, but no point on the curve: no push could ever be encrypted for it.
    expect(await refused({ ...device, keys: { ...device.keys, p256dh: `BA${"A".repeat(85)}` } })).toMatchObject({
      message: PUSH_KEYS_INVALID,
      code: "BAD_REQUEST",
    });
    expect(await m.trpc.push.list.query()).toEqual([]);
  });

  // Addresses an attacker would register to make the server probe its own machine and network.
  const inward = [
    "https://127.0.0.1:9/push",
    "https://localhost:9/push",
    "https://LOCALHOST./push",
    "https://[::1]:9/push",
    "https://169.254.169.254/latest/meta-data/",
    "https://2130706433/push",
    "https://0x7f000001/push",
    "https://0177.0.0.1/push",
    "https://127.1/push",
    "https://[::ffff:127.0.0.1]/push",
    "https://[::ffff:a9fe:a9fe]/push",
    "https://10.0.0.1/push",
    "https://172.16.5.4/push",
    "https://192.168.1.1/push",
    "https://100.64.0.1/push",
    "https://[fd00::1]/push",
    "https://[fe80::1]/push",
    "https://0.0.0.0/push",
    "https://metadata.google.internal/computeMetadata/v1/",
    "https://intranet/push",
    "https://printer.local/push",
    "http://fcm.googleapis.com/fcm/send/x",
    "https://user:secret@fcm.googleapis.com/fcm/send/x",
  ];

  let attacker: Promise<TestMember> | undefined;
  it.each(inward)("refuses %s and stores nothing", async (endpoint) => {
    const m = await (attacker ??= t.member());
    expect(await rejection(m.trpc.push.subscribe.mutate({ ...newDevice(), endpoint }))).toMatchObject({
      message: PUSH_ENDPOINT_INVALID,
      code: "BAD_REQUEST",
    });
    expect(await m.trpc.push.list.query()).toEqual([]);
  });

  it("takes the known push services' endpoints, and refuses any other host, saying why", async () => {
    const m = await t.member();
    const known = [
      "https://fcm.googleapis.com/fcm/send/abc:def",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
      "https://wns2-by3p.notify.windows.com/w/?token=BQYAAA",
      "https://web.push.apple.com/QGx3",
    ];
    for (const endpoint of known) await m.trpc.push.subscribe.mutate({ ...newDevice(), endpoint });
    for (const endpoint of [
      "https://push.example.com/send/1",
      "https://notify.windows.com.evil.example/w/",
      "https://fcm.googleapis.com.evil.example/fcm/send/1",
      "https://93.184.216.34/push",
    ]) {
      expect(await rejection(m.trpc.push.subscribe.mutate({ ...newDevice(), endpoint }))).toMatchObject({
        message: PUSH_SERVICE_UNKNOWN,
        code: "BAD_REQUEST",
      });
    }
    expect((await m.trpc.push.list.query()).map((d) => d.endpoint).sort()).toEqual(known.sort());
  });

  it("takes the hosts the operator added with PUSH_ENDPOINT_HOSTS, plain http and loopback included", async () => {
    const own = await createTestApp({ ...(await vapidEnv()), PUSH_ENDPOINT_HOSTS: "127.0.0.1, *.push.example.com" });
    const m = await own.member();
    const allowed = ["http://127.0.0.1:8080/push/1", "https://eu.push.example.com/send/2"];
    for (const endpoint of allowed) await m.trpc.push.subscribe.mutate({ ...newDevice(), endpoint });
    for (const endpoint of ["https://localhost:8080/push/1", "https://push.example.com/send/3"]) {
      expect(await rejection(m.trpc.push.subscribe.mutate({ ...newDevice(), endpoint }))).toMatchObject({
        code: "BAD_REQUEST",
      });
    }
    expect((await m.trpc.push.list.query()).map((d) => d.endpoint).sort()).toEqual(allowed.sort());
  });

  it("says push is off on a server without VAPID keys", async () => {
    const off = await createTestApp();
    const m = await off.member();
    expect(await rejection(m.trpc.push.subscribe.mutate(newDevice()))).toMatchObject({
      message: PUSH_OFF,
      code: "PRECONDITION_FAILED",
    });
  });
});

describe("push.list and push.remove", () => {
  it("show and remove a member's own devices only", async () => {
    const [ada, bob] = [await t.member(), await t.member()];
    await ada.trpc.push.subscribe.mutate(newDevice());
    const { id } = await bob.trpc.push.subscribe.mutate(newDevice());
    expect(await ada.trpc.push.list.query()).toHaveLength(1);
    expect(await rejection(ada.trpc.push.remove.mutate({ id }))).toMatchObject({
      message: PUSH_DEVICE_GONE,
      code: "NOT_FOUND",
    });
    expect(await bob.trpc.push.list.query()).toHaveLength(1);
    expect(await bob.trpc.push.remove.mutate({ id })).toEqual({ removed: true });
    expect(await bob.trpc.push.list.query()).toEqual([]);
    expect(await rejection(bob.trpc.push.remove.mutate({ id }))).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("a private message's push", () => {
  /** Ada and Bob, friends with a private chat; Bob has a device unless told otherwise. */
  async function pair({ device = true } = {}) {
    const [ada, bob] = [await t.member("Ada"), await t.member("Bob")];
    const { requestId } = await ada.trpc.friends.request.mutate({ memberId: bob.me.id });
    await bob.trpc.friends.accept.mutate({ requestId });
    const { chatId } = await ada.trpc.chats.openPrivate.mutate({ friendId: bob.me.id });
    if (device) await bob.trpc.push.subscribe.mutate(newDevice());
    return { ada, bob, chatId };
  }
  /** A message's pushes only: the friend request queued one of its own (notifications.test.ts covers it). */
  const messagePushes = (rows: { payload: string }[]) =>
    rows.map((row) => JSON.parse(row.payload) as PushPayload).filter((push) => push.url.startsWith("/chat/"));
  const queuedFor = async (m: TestMember) =>
    messagePushes(await t.db.select().from(pushOutbox).where(eq(pushOutbox.memberId, m.me.id)));

  it("is queued once per message, however often the browser retries the send", async () => {
    const { ada, bob, chatId } = await pair();
    const send = { chatId, clientId: crypto.randomUUID(), content: "Lunch?" };
    const first = await ada.trpc.chats.send.mutate(send);
    const again = await Promise.all([ada.trpc.chats.send.mutate(send), ada.trpc.chats.send.mutate(send)]);
    expect(again.map((m) => m.id)).toEqual([first.id, first.id]);
    expect(await queuedFor(bob)).toEqual([
      { title: "Ada", body: "Lunch?", url: `/chat/${chatId}`, tag: `chat:${chatId}` },
    ]);
    expect(await queuedFor(ada)).toEqual([]);
    await ada.trpc.chats.send.mutate({ ...send, clientId: crypto.randomUUID(), content: "Or dinner?" });
    expect((await queuedFor(bob)).map((p) => p.body)).toEqual(["Lunch?", "Or dinner?"]);
  });

  it("is queued once for a message carrying files, saying how many when there are no words", async () => {
    const { ada, bob, chatId } = await pair();
    const upload = async () => (await ada.trpc.attachments.upload.mutate(attachmentForm(chatId))).id;
    const send = {
      chatId,
      clientId: crypto.randomUUID(),
      content: "",
      attachmentIds: [await upload(), await upload()],
    };
    await Promise.all([ada.trpc.chats.send.mutate(send), ada.trpc.chats.send.mutate(send)]);
    await ada.trpc.chats.send.mutate({
      chatId,
      clientId: crypto.randomUUID(),
      content: "Map",
      attachmentIds: [await upload()],
    });
    // Refused: the file is already carried. Nothing stored, nothing pushed.
    await rejection(ada.trpc.chats.send.mutate({ ...send, clientId: crypto.randomUUID() }));
    expect((await queuedFor(bob)).map((p) => p.body)).toEqual(["📎 2 files", "Map"]);
  });

  it("is not queued for a chat the recipient muted, nor when they turned message pushes off", async () => {
    const { ada, bob, chatId } = await pair();
    await bob.trpc.chats.setMuted.mutate({ chatId, muted: true });
    await ada.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content: "Muted" });
    await bob.trpc.chats.setMuted.mutate({ chatId, muted: false });
    // As the preference toggles in Settings store it.
    await t.db
      .insert(notificationPreferences)
      .values({ memberId: bob.me.id, kind: MESSAGES_PREFERENCE, email: true, push: false });
    await ada.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content: "Pushes off" });
    expect(await queuedFor(bob)).toEqual([]);
    await t.db
      .update(notificationPreferences)
      .set({ push: true })
      .where(eq(notificationPreferences.memberId, bob.me.id));
    await ada.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content: "Pushes on" });
    expect((await queuedFor(bob)).map((p) => p.body)).toEqual(["Pushes on"]);
  });

  it("is not queued for a member with no device, nor in a group, nor by a server with push off", async () => {
    const { ada, bob, chatId } = await pair({ device: false });
    await ada.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content: "No device" });
    expect(await queuedFor(bob)).toEqual([]);

    await bob.trpc.push.subscribe.mutate(newDevice());
    const group = await ada.trpc.chats.createGroup.mutate({ name: "Crew", memberIds: [bob.me.id] });
    await ada.trpc.chats.send.mutate({ chatId: group.chatId, clientId: crypto.randomUUID(), content: "Group" });
    expect(await queuedFor(bob)).toEqual([]);

    const off = await createTestApp();
    const [cy, di] = [await off.member("Cy"), await off.member("Di")];
    const { requestId } = await cy.trpc.friends.request.mutate({ memberId: di.me.id });
    await di.trpc.friends.accept.mutate({ requestId });
    const { chatId: offChat } = await cy.trpc.chats.openPrivate.mutate({ friendId: di.me.id });
    await off.db
      .insert(pushSubscriptions)
      .values({ id: "d", memberId: di.me.id, ...newDevice().keys, endpoint: "https://p.example.com/1", device: "x" });
    await cy.trpc.chats.send.mutate({ chatId: offChat, clientId: crypto.randomUUID(), content: "Off" });
    expect(messagePushes(await off.db.select().from(pushOutbox))).toEqual([]);
  });
});
