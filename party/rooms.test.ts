/**
 * The rooms in workerd (party/local.ts, as `npm start` runs them) with real partysocket clients.
 * Here the test plays the API: it signs tickets and sends notices with the shared secret.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatNotice, WireMessage } from "./protocol";
import { clientMessages, POKE_GATHER_MS } from "./protocol";
import { eventually, roomSocket, roomsProcess, upgradeStatus, type RoomsProcess } from "../testing/rooms-process";
import { wireMessage } from "../testing/wire-message";
import { signTicket, TICKET_LIFETIME_MS } from "./ticket";
import { httpRooms } from "../worker/rooms/http-rooms";

const SECRET = "realtime-test-secret";
let rooms: RoomsProcess;
let unconfigured: RoomsProcess;

beforeAll(async () => {
  [rooms, unconfigured] = await Promise.all([roomsProcess({ secret: SECRET }), roomsProcess({ secret: undefined })]);
});

afterAll(async () => {
  await Promise.all([rooms?.stop(), unconfigured?.stop()]);
});

const chatTicket = (userId: string, chatId: string) => signTicket(SECRET, { userId, room: "chat-room", name: chatId });
const memberTicket = (userId: string) => signTicket(SECRET, { userId, room: "member-room", name: userId });

function notify(target: RoomsProcess, path: string, body: unknown, secret: string | null = SECRET) {
  return fetch(`${target.origin}/parties/${path}`, {
    method: "POST",
    headers: secret === null ? {} : { Authorization: `Bearer ${secret}` },
    body: JSON.stringify(body),
  });
}

let nextId = 1;
function message(chatId: string, seq: number, content: string): WireMessage {
  // Ids unique across the run: a room remembers the ids it relayed, to drop a retried notice.
  return wireMessage(seq, { id: nextId++, chatId, content, clientId: `c${nextId}`, createdAt: Date.now() });
}

/**
 * The room has sent its close frame. (workerd may keep the TCP connection open after the closing
 * handshake, so the client's close event can come only after ws's own 30 s timeout.)
 */
const isClosing = (socket: { readyState: number }) => socket.readyState >= 2;

const tell = (chatId: string, ...notices: ChatNotice[]) => notify(rooms, `chat-room/${chatId}`, notices);

describe("chat room", () => {
  it("welcomes each socket with the newest message and change it relayed since it woke", async () => {
    const first = roomSocket(rooms.host, "chat-room", "chat-w", () => chatTicket("ada", "chat-w"));
    await first.opened;
    await eventually(() => expect(first.welcomes).toHaveLength(1));
    const awakeSince = first.welcomes[0]!.awakeSince as number;
    expect(awakeSince).toBeLessThanOrEqual(Date.now());
    expect(first.welcomes[0]).toMatchObject({ seq: 0, change: 0 });

    const hello = message("chat-w", 1, "hello");
    await tell("chat-w", { type: "message", message: hello, recipients: [] });
    await tell("chat-w", { type: "changed", message: { ...hello, content: "hello!", changeSeq: 4 } });
    await eventually(() => expect(first.events.filter((e) => e.type === "changes")).toHaveLength(1));

    const later = roomSocket(rooms.host, "chat-room", "chat-w", () => chatTicket("bob", "chat-w"));
    await later.opened;
    await eventually(() => expect(later.welcomes).toEqual([{ type: "welcome", awakeSince, seq: 1, change: 4 }]));
    for (const page of [first, later]) page.socket.close();
  });

  it("relays a stored message to every socket of that chat only, and pokes each recipient's member room", async () => {
    const ada = roomSocket(rooms.host, "chat-room", "chat-1", () => chatTicket("ada", "chat-1"));
    const bob = roomSocket(rooms.host, "chat-room", "chat-1", () => chatTicket("bob", "chat-1"));
    const eve = roomSocket(rooms.host, "chat-room", "chat-2", () => chatTicket("eve", "chat-2"));
    const bobsOtherPage = roomSocket(rooms.host, "member-room", "bob", () => memberTicket("bob"));
    await Promise.all([ada.opened, bob.opened, eve.opened, bobsOtherPage.opened]);

    const hello = message("chat-1", 1, "hello");
    const response = await tell("chat-1", { type: "message", message: hello, recipients: ["ada", "bob"] });
    expect(response.status).toBe(204);
    await eventually(() => {
      for (const page of [ada, bob])
        expect(page.events.filter((e) => e.type === "messages")).toEqual([{ type: "messages", messages: [hello] }]);
      expect(bobsOtherPage.events).toEqual([{ type: "poke", reason: "message" }]);
    });
    expect(eve.events.filter((e) => e.type === "messages")).toEqual([]);

    // A notice the API retried (its first answer was lost) is relayed once; notices that queued
    // while a request was out come together, and are relayed in their order, in one frame.
    await tell("chat-1", { type: "message", message: hello, recipients: ["ada", "bob"] });
    await tell(
      "chat-1",
      { type: "message", message: message("chat-1", 2, "next"), recipients: [] },
      { type: "message", message: message("chat-1", 3, "and next"), recipients: [] },
    );
    await eventually(() => expect(ada.events.filter((e) => e.type === "messages")).toHaveLength(2));
    const frames = bob.events.filter((e) => e.type === "messages");
    expect(frames.map((e) => (e.messages as WireMessage[]).map((m) => m.content))).toEqual([
      ["hello"],
      ["next", "and next"],
    ]);
    for (const page of [ada, bob, eve, bobsOtherPage]) page.socket.close();
  });

  it("pokes a quiet chat's recipients at once, and a burst's once more as the gathering after it ends", async () => {
    const bobsOtherPage = roomSocket(rooms.host, "member-room", "bob-pokes", () => memberTicket("bob-pokes"));
    await bobsOtherPage.opened;
    const pokedAt: number[] = [];
    bobsOtherPage.socket.addEventListener("message", (event) => {
      if ((JSON.parse(String(event.data)) as { type: string }).type === "poke") pokedAt.push(Date.now());
    });

    // The first message of a quiet chat: its list hears of it before a gathering could have ended.
    const sentAt = Date.now();
    await tell("chat-pokes", { type: "message", message: message("chat-pokes", 1, "one"), recipients: ["bob-pokes"] });
    await eventually(() => expect(pokedAt).toHaveLength(1));
    expect(pokedAt[0]! - sentAt).toBeLessThan(POKE_GATHER_MS);

    // A burst right after it gathers into one more poke, when the window the first one opened ends.
    for (const seq of [2, 3, 4]) {
      await tell("chat-pokes", {
        type: "message",
        message: message("chat-pokes", seq, `burst ${seq}`),
        recipients: ["bob-pokes"],
      });
    }
    await eventually(() => expect(pokedAt).toHaveLength(2));
    expect(pokedAt[1]! - pokedAt[0]!).toBeGreaterThanOrEqual(POKE_GATHER_MS - 50);
    // A window that gathered nothing ends quietly: no third poke.
    await new Promise((resolve) => setTimeout(resolve, POKE_GATHER_MS * 1.5));
    expect(pokedAt).toHaveLength(2);
    expect(bobsOtherPage.events).toEqual([
      { type: "poke", reason: "message" },
      { type: "poke", reason: "message" },
    ]);
    bobsOtherPage.socket.close();
  });

  it("tells the others who is online and who is typing, and answers the heartbeat", async () => {
    const ada = roomSocket(rooms.host, "chat-room", "chat-3", () => chatTicket("ada", "chat-3"));
    await ada.opened;
    const bob = roomSocket(rooms.host, "chat-room", "chat-3", () => chatTicket("bob", "chat-3"));
    await bob.opened;
    await eventually(() => expect(ada.events.at(-1)).toEqual({ type: "presence", online: ["ada", "bob"] }));

    bob.socket.send(clientMessages.typing());
    await eventually(() => expect(ada.events).toContainEqual({ type: "typing", userId: "bob" }));
    expect(bob.events).not.toContainEqual({ type: "typing", userId: "bob" });

    ada.socket.send(clientMessages.ping());
    await eventually(() => expect(ada.events).toContainEqual({ type: "pong" }));

    bob.socket.close();
    await eventually(() => expect(ada.events.at(-1)).toEqual({ type: "presence", online: ["ada"] }));
    ada.socket.close();
  });

  it("ignores malformed and oversized socket messages, and closes a socket that floods", async () => {
    const ada = roomSocket(rooms.host, "chat-room", "chat-4", () => chatTicket("ada", "chat-4"));
    const bob = roomSocket(rooms.host, "chat-room", "chat-4", () => chatTicket("bob", "chat-4"));
    await Promise.all([ada.opened, bob.opened]);
    ada.socket.send("not json");
    ada.socket.send(JSON.stringify({ type: "message", content: "forged" }));
    ada.socket.send(JSON.stringify({ type: "typing", padding: "x".repeat(1000) }));
    ada.socket.send(clientMessages.ping());
    await eventually(() => expect(ada.events).toContainEqual({ type: "pong" }));
    expect(bob.events.filter((e) => e.type !== "presence")).toEqual([]);

    for (let i = 0; i < 40; i++) bob.socket.send(clientMessages.typing());
    await eventually(() => expect(bob.closes.length).toBeGreaterThan(0));
    ada.socket.close();
  });

  it("closes the sockets of a member who left and refuses their still-valid ticket", async () => {
    const ticket = await chatTicket("bob", "chat-5");
    const ada = roomSocket(rooms.host, "chat-room", "chat-5", () => chatTicket("ada", "chat-5"));
    const bob = roomSocket(rooms.host, "chat-room", "chat-5", () => ticket);
    await Promise.all([ada.opened, bob.opened]);

    expect((await tell("chat-5", { type: "left", userId: "bob" })).status).toBe(204);
    await eventually(() => expect(isClosing(bob.socket)).toBe(true));
    await tell("chat-5", { type: "message", message: message("chat-5", 1, "after bob left"), recipients: ["ada"] });
    await eventually(() => expect(ada.events.filter((e) => e.type === "messages")).toHaveLength(1));
    expect(bob.events.filter((e) => e.type === "messages")).toEqual([]);

    const again = roomSocket(rooms.host, "chat-room", "chat-5", () => ticket);
    await eventually(() => expect(isClosing(again.socket)).toBe(true));

    await tell("chat-5", { type: "joined", userId: "bob" });
    const back = roomSocket(rooms.host, "chat-room", "chat-5", () => ticket);
    await back.opened;
    expect(isClosing(back.socket)).toBe(false);
    for (const page of [ada, back]) page.socket.close();
  });

  it("keeps a request's order across a departure: the one who left gets what came before, not after", async () => {
    const ada = roomSocket(rooms.host, "chat-room", "chat-6", () => chatTicket("ada", "chat-6"));
    const bob = roomSocket(rooms.host, "chat-room", "chat-6", () => chatTicket("bob", "chat-6"));
    await Promise.all([ada.opened, bob.opened]);

    await tell(
      "chat-6",
      { type: "message", message: message("chat-6", 1, "before"), recipients: [] },
      { type: "left", userId: "bob" },
      { type: "message", message: message("chat-6", 2, "after"), recipients: [] },
    );
    await eventually(() => expect(ada.events.filter((e) => e.type === "messages")).toHaveLength(2));
    const contents = (page: typeof ada) =>
      page.events.filter((e) => e.type === "messages").map((e) => (e.messages as WireMessage[]).map((m) => m.content));
    expect(contents(ada)).toEqual([["before"], ["after"]]);
    expect(contents(bob)).toEqual([["before"]]);
    ada.socket.close();
  });
});

describe("who gets in", () => {
  it("refuses a socket without a ticket, or with a forged, expired or other room's ticket", async () => {
    const valid = await chatTicket("ada", "chat-1");
    expect(await upgradeStatus(rooms.host, "chat-room", "chat-1", valid)).toBe(101);
    expect(await upgradeStatus(rooms.host, "chat-room", "chat-1", null)).toBe(401);
    expect(await upgradeStatus(rooms.host, "chat-room", "chat-1", "")).toBe(401);
    const forged = await signTicket("not-the-secret", { userId: "ada", room: "chat-room", name: "chat-1" });
    expect(await upgradeStatus(rooms.host, "chat-room", "chat-1", forged)).toBe(401);
    const expired = await signTicket(
      SECRET,
      { userId: "ada", room: "chat-room", name: "chat-1" },
      Date.now() - TICKET_LIFETIME_MS - 1,
    );
    expect(await upgradeStatus(rooms.host, "chat-room", "chat-1", expired)).toBe(401);
    expect(await upgradeStatus(rooms.host, "chat-room", "chat-2", valid)).toBe(401);
    // Same name, other kind of room: a chat ticket does not open the member room of that name.
    expect(await upgradeStatus(rooms.host, "member-room", "chat-1", valid)).toBe(401);
  });

  it("lets a member into their own member room only", async () => {
    expect(await upgradeStatus(rooms.host, "member-room", "ada", await memberTicket("ada"))).toBe(101);
    const adaForBob = await signTicket(SECRET, { userId: "ada", room: "member-room", name: "bob" });
    expect(await upgradeStatus(rooms.host, "member-room", "bob", adaForBob)).toBe(401);
  });

  it("welcomes each socket with when each reason was last poked, on the room's clock", async () => {
    const first = roomSocket(rooms.host, "member-room", "wes", () => memberTicket("wes"));
    await first.opened;
    await eventually(() => expect(first.welcomes).toEqual([{ type: "welcome", poked: {} }]));

    const before = Date.now();
    expect((await notify(rooms, "member-room/wes", { type: "poke", reason: "friend-request" })).status).toBe(204);
    const after = Date.now();
    await eventually(() => expect(first.events).toEqual([{ type: "poke", reason: "friend-request" }]));
    first.socket.close();

    // A page that opens later learns of the poke it was not there for, and of nothing else.
    const later = roomSocket(rooms.host, "member-room", "wes", () => memberTicket("wes"));
    await later.opened;
    await eventually(() => expect(later.welcomes).toHaveLength(1));
    const poked = later.welcomes[0]!.poked as Record<string, number>;
    expect(Object.keys(poked)).toEqual(["friend-request"]);
    expect(poked["friend-request"]).toBeGreaterThanOrEqual(before);
    expect(poked["friend-request"]).toBeLessThanOrEqual(after);
    later.socket.close();
  });

  it("tells the API whether a member has a page open, which decides whether a push goes out", async () => {
    const api = httpRooms(rooms.origin, SECRET);
    expect(await api.memberOnline("cy")).toBe(false);
    const page = roomSocket(rooms.host, "member-room", "cy", () => memberTicket("cy"));
    await page.opened;
    expect(await api.memberOnline("cy")).toBe(true);
    expect(await api.memberOnline("dee")).toBe(false);
    page.socket.close();
    await eventually(async () => expect(await api.memberOnline("cy")).toBe(false));
    await expect(httpRooms(rooms.origin, "wrong").memberOnline("cy")).rejects.toThrow(/401/);
  });

  it("refuses notices without the shared secret", async () => {
    const notice = { type: "message", message: message("chat-1", 9, "forged"), recipients: [] };
    expect((await notify(rooms, "chat-room/chat-1", [notice], null)).status).toBe(401);
    expect((await notify(rooms, "chat-room/chat-1", [notice], "wrong")).status).toBe(401);
    expect((await notify(rooms, "member-room/ada", { type: "poke", reason: "message" }, "wrong")).status).toBe(401);
    expect((await notify(rooms, "chat-room/chat-1", [{ type: "nonsense" }])).status).toBe(400);
    expect((await notify(rooms, "chat-room/chat-1", [])).status).toBe(400);
    expect(
      (
        await notify(
          rooms,
          "chat-room/chat-1",
          Array.from({ length: 21 }, () => notice),
        )
      ).status,
    ).toBe(400);
  });

  it("refuses everything when the rooms were started without a secret", async () => {
    for (const secret of ["undefined", ""]) {
      const ticket = await signTicket(secret || "x", { userId: "ada", room: "chat-room", name: "chat-1" });
      expect(await upgradeStatus(unconfigured.host, "chat-room", "chat-1", ticket)).toBe(401);
      const notice = { type: "message", message: message("chat-1", 1, "hi"), recipients: [] };
      expect((await notify(unconfigured, "chat-room/chat-1", notice, secret)).status).toBe(401);
    }
  });
});
