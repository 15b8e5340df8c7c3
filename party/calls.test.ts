/**
 * Calls through the real rooms in workerd, with real partysocket clients: the test plays the API
 * (it signs tickets and sends the call commands the API sends once it has checked who may ring).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALL_ENDED, CALL_FULL, CALL_NOT_AVAILABLE, RING_TIMEOUT_MS } from "../core/call-rules";
import { eventually, roomSocket, roomsProcess, type RoomsProcess } from "../testing/rooms-process";
import type { CallAnswer, CallCommand, CallView } from "./call-signals";
import { callMessages } from "./call-wire";
import { clientMessages } from "./protocol";
import { signTicket } from "./ticket";

const SECRET = "calls-test-secret";
let rooms: RoomsProcess;

beforeAll(async () => {
  rooms = await roomsProcess({ secret: SECRET });
});

afterAll(async () => {
  await rooms?.stop();
});

let made = 0;
/** A chat of its own for each test, so no call carries over from one to the next. */
const newChat = () => `call-chat-${++made}-${Date.now()}`;

const chatPage = (userId: string, chatId: string) =>
  roomSocket(rooms.host, "chat-room", chatId, () => signTicket(SECRET, { userId, room: "chat-room", name: chatId }));
const memberPage = (userId: string) =>
  roomSocket(rooms.host, "member-room", userId, () =>
    signTicket(SECRET, { userId, room: "member-room", name: userId }),
  );
type Page = ReturnType<typeof chatPage>;

async function command(chatId: string, body: CallCommand): Promise<{ status: number; answer: CallAnswer | null }> {
  const response = await fetch(`${rooms.origin}/parties/chat-room/${chatId}?call`, {
    method: "POST",
    headers: { Authorization: `Bearer ${SECRET}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, answer: response.ok ? ((await response.json()) as CallAnswer) : null };
}

const start = (
  chatId: string,
  callId: string,
  callerId: string,
  callees: string[],
  kind: "video" | "voice" = "video",
  blocks: [string, string][] = [],
) =>
  command(chatId, {
    type: "start",
    callId,
    kind,
    caller: { id: callerId, name: `${callerId} name`, avatarUrl: null },
    isGroup: callees.length > 1,
    callees,
    blocks,
  });

/** The call as this page last heard of it. */
const lastCall = (page: Page) =>
  page.events.filter((e) => e.type === "call").at(-1)?.call as CallView | null | undefined;
const ofType = (page: { events: { type: string }[] }, type: string) => page.events.filter((e) => e.type === type);

/** Ada calls Bob in a new private chat and both are in it: their pages, and the call's id. */
async function callInProgress(chatId = newChat()) {
  const callId = crypto.randomUUID();
  expect((await start(chatId, callId, "ada", ["bob"])).answer).toEqual({ status: "started", callId });
  const ada = chatPage("ada", chatId);
  const bob = chatPage("bob", chatId);
  await Promise.all([ada.opened, bob.opened]);
  ada.socket.send(callMessages.join(callId, "ada-session-1"));
  bob.socket.send(callMessages.join(callId, "bob-session-1"));
  await eventually(() => expect(lastCall(ada)?.participants.filter((p) => !p.away)).toHaveLength(2));
  return { chatId, callId, ada, bob };
}

const closeAll = (...pages: { socket: { close(): void } }[]) => pages.forEach((page) => page.socket.close());

describe("ringing", () => {
  it("rings every open page of the callee, and a page opened while it rings", async () => {
    const chatId = newChat();
    const callId = crypto.randomUUID();
    const pages = [memberPage("bob-r1"), memberPage("bob-r1")];
    await Promise.all(pages.map((page) => page.opened));

    expect((await start(chatId, callId, "ada-r1", ["bob-r1"], "voice")).status).toBe(200);
    for (const page of pages) {
      await eventually(() =>
        expect(ofType(page, "ring")).toEqual([
          {
            type: "ring",
            ring: expect.objectContaining({
              callId,
              chatId,
              kind: "voice",
              caller: { id: "ada-r1", name: "ada-r1 name", avatarUrl: null },
            }),
          },
        ]),
      );
    }
    const late = memberPage("bob-r1");
    await eventually(() => expect(ofType(late, "ring")).toHaveLength(1));
    // The caller is not rung.
    const adasPage = memberPage("ada-r1");
    await adasPage.opened;
    expect(ofType(adasPage, "ring")).toEqual([]);
    closeAll(...pages, late, adasPage);
  });

  it("stops ringing on every page once the callee answers on one of them", async () => {
    const chatId = newChat();
    const callId = crypto.randomUUID();
    const pages = [memberPage("bob-r2"), memberPage("bob-r2"), memberPage("bob-r2")];
    await Promise.all(pages.map((page) => page.opened));
    await start(chatId, callId, "ada-r2", ["bob-r2"]);
    await eventually(() => pages.forEach((page) => expect(ofType(page, "ring")).toHaveLength(1)));

    const ada = chatPage("ada-r2", chatId);
    const answering = chatPage("bob-r2", chatId);
    await Promise.all([ada.opened, answering.opened]);
    ada.socket.send(callMessages.join(callId, "ada-session-2"));
    answering.socket.send(callMessages.join(callId, "bob-session-2"));

    for (const page of pages) {
      await eventually(() =>
        expect(ofType(page, "ring-stop")).toEqual([{ type: "ring-stop", callId, reason: "answered" }]),
      );
    }
    await eventually(() => {
      const call = lastCall(ada)!;
      expect(call.participants.map((p) => [p.userId, p.session, p.away])).toEqual([
        ["ada-r2", "ada-session-2", false],
        ["bob-r2", "bob-session-2", false],
      ]);
      expect(call.ringing).toEqual([]);
      expect(call.connectedAt).not.toBeNull();
    });
    // A page opened now does not ring for a call already answered.
    const late = memberPage("bob-r2");
    await late.opened;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ofType(late, "ring")).toEqual([]);
    closeAll(...pages, late, ada, answering);
  });

  it("a decline stops the ringing, ends a call nobody else is in, and the caller reads why", async () => {
    const chatId = newChat();
    const callId = crypto.randomUUID();
    const bobsPage = memberPage("bob-r3");
    await bobsPage.opened;
    await start(chatId, callId, "ada-r3", ["bob-r3"], "voice");
    const ada = chatPage("ada-r3", chatId);
    await ada.opened;
    ada.socket.send(callMessages.join(callId, "ada-session-3"));
    await eventually(() => expect(lastCall(ada)?.participants[0]?.away).toBe(false));

    const { answer } = await command(chatId, { type: "decline", callId, userId: "bob-r3" });
    expect(answer).toEqual({
      status: "ended",
      record: expect.objectContaining({ callId, kind: "voice", callerId: "ada-r3", outcome: "declined", missedBy: [] }),
    });
    await eventually(() =>
      expect(ofType(ada, "call-ended")).toEqual([{ type: "call-ended", callId, outcome: "declined" }]),
    );
    expect(lastCall(ada)).toBeNull();
    await eventually(() =>
      expect(ofType(bobsPage, "ring-stop")).toEqual([{ type: "ring-stop", callId, reason: "declined" }]),
    );

    // The record waits for the API to write it, and is gone once written.
    expect((await command(chatId, { type: "record", callId })).answer).toMatchObject({ status: "ended" });
    await command(chatId, { type: "recorded", callId });
    expect((await command(chatId, { type: "record", callId })).answer).toEqual({ status: "ended", record: null });
    closeAll(ada, bobsPage);
  });

  it(
    "stops ringing after 30 seconds without an answer, and the caller reads 'no answer'",
    async () => {
      const chatId = newChat();
      const callId = crypto.randomUUID();
      const bobsPage = memberPage("bob-r4");
      await bobsPage.opened;
      await start(chatId, callId, "ada-r4", ["bob-r4"], "voice");
      const ada = chatPage("ada-r4", chatId);
      await ada.opened;
      ada.socket.send(callMessages.join(callId, "ada-session-4"));
      await eventually(() => expect(ofType(bobsPage, "ring")).toHaveLength(1));

      await eventually(
        () => expect(ofType(ada, "call-ended")).toEqual([{ type: "call-ended", callId, outcome: "no-answer" }]),
        RING_TIMEOUT_MS + 10_000,
      );
      await eventually(() =>
        expect(ofType(bobsPage, "ring-stop")).toEqual([{ type: "ring-stop", callId, reason: "missed" }]),
      );
      const { answer } = await command(chatId, { type: "record", callId });
      expect(answer).toMatchObject({ status: "ended", record: { outcome: "no-answer", missedBy: ["bob-r4"] } });
      closeAll(ada, bobsPage);
    },
    RING_TIMEOUT_MS + 20_000,
  );
});

describe("signalling", () => {
  it("relays a participant's signals to the one they name, with their session, and nobody else", async () => {
    const { chatId, callId, ada, bob } = await callInProgress();
    const carol = chatPage("carol", chatId);
    await carol.opened;

    const offer = { type: "offer" as const, sdp: "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n" };
    ada.socket.send(callMessages.signal(callId, "bob", { description: offer }));
    const candidate = { candidate: "candidate:1 1 udp 1 127.0.0.1 5000 typ host", sdpMid: "0", sdpMLineIndex: 0 };
    ada.socket.send(callMessages.signal(callId, "bob", { candidate }));
    await eventually(() =>
      expect(ofType(bob, "call-signal")).toEqual([
        { type: "call-signal", callId, from: "ada", session: "ada-session-1", description: offer },
        { type: "call-signal", callId, from: "ada", session: "ada-session-1", candidate },
      ]),
    );
    expect(ofType(carol, "call-signal")).toEqual([]);
    expect(ofType(ada, "call-signal")).toEqual([]);
    closeAll(ada, bob, carol);
  });

  it("answers a signal for someone not in the call yet, so the sender offers again, and the call goes on", async () => {
    const chatId = newChat();
    const callId = crypto.randomUUID();
    await start(chatId, callId, "ada", ["bob", "cy"]);
    const [ada, bob, cy] = ["ada", "bob", "cy"].map((userId) => chatPage(userId, chatId));
    await Promise.all([ada!.opened, bob!.opened, cy!.opened]);
    ada!.socket.send(callMessages.join(callId, "ada-session-u"));
    bob!.socket.send(callMessages.join(callId, "bob-session-u"));
    await eventually(() => expect(lastCall(ada!)?.participants.filter((p) => !p.away)).toHaveLength(2));

    // Cy is still being rung: the offer cannot reach her, and Ada is told so, not thrown out.
    const offer = { type: "offer" as const, sdp: "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n" };
    ada!.socket.send(callMessages.signal(callId, "cy", { description: offer }));
    await eventually(() =>
      expect(ofType(ada!, "call-undelivered")).toEqual([{ type: "call-undelivered", callId, to: "cy" }]),
    );
    expect(ofType(ada!, "call-error")).toEqual([]);
    expect(ofType(cy!, "call-signal")).toEqual([]);

    // Once she is in, the same offer sent again reaches her, and the others still hear each other.
    cy!.socket.send(callMessages.join(callId, "cy-session-u"));
    await eventually(() => expect(lastCall(ada!)?.participants.filter((p) => !p.away)).toHaveLength(3));
    ada!.socket.send(callMessages.signal(callId, "cy", { description: offer }));
    ada!.socket.send(callMessages.signal(callId, "bob", { candidate: null }));
    await eventually(() =>
      expect(ofType(cy!, "call-signal")).toEqual([
        { type: "call-signal", callId, from: "ada", session: "ada-session-u", description: offer },
      ]),
    );
    await eventually(() => expect(ofType(bob!, "call-signal")).toHaveLength(1));
    expect(ofType(ada!, "call-ended")).toEqual([]);
    closeAll(ada!, bob!, cy!);
  });

  it("counts two callees who answer in the same millisecond, and every pair's signals get through", async () => {
    const chatId = newChat();
    const callId = crypto.randomUUID();
    const people = ["ada", "bob", "cy"];
    await start(chatId, callId, "ada", ["bob", "cy"]);
    const pages = people.map((userId) => chatPage(userId, chatId));
    await Promise.all(pages.map((page) => page.opened));
    pages[0]!.socket.send(callMessages.join(callId, "ada-session-m"));
    await eventually(() => expect(lastCall(pages[0]!)?.participants[0]?.away).toBe(false));
    // Both answers leave in one tick: the room takes them one after the other, and loses neither.
    pages[1]!.socket.send(callMessages.join(callId, "bob-session-m"));
    pages[2]!.socket.send(callMessages.join(callId, "cy-session-m"));
    for (const page of pages) {
      await eventually(() =>
        expect(lastCall(page)?.participants.map((p) => [p.userId, p.away])).toEqual([
          ["ada", false],
          ["bob", false],
          ["cy", false],
        ]),
      );
    }
    for (const [i, page] of pages.entries()) {
      for (const other of people.filter((userId) => userId !== people[i]))
        page.socket.send(callMessages.signal(callId, other, { candidate: null }));
    }
    for (const [i, page] of pages.entries()) {
      await eventually(() =>
        expect(
          page.events
            .filter((e) => e.type === "call-signal")
            .map((e) => e.from)
            .sort(),
        ).toEqual(people.filter((userId) => userId !== people[i])),
      );
      expect(ofType(page, "call-undelivered")).toEqual([]);
    }
    closeAll(...pages);
  });

  it("refuses an offer from a participant of the chat who is not in the call", async () => {
    const { chatId, callId, ada, bob } = await callInProgress();
    const carol = chatPage("carol", chatId);
    await carol.opened;
    carol.socket.send(callMessages.signal(callId, "ada", { description: { type: "offer", sdp: "v=0\r\n" } }));
    await eventually(() => expect(ofType(carol, "call-error")).toHaveLength(1));
    // Nor may a participant's second page, which is not the one in the call, speak for them.
    const adasOtherPage = chatPage("ada", chatId);
    await adasOtherPage.opened;
    adasOtherPage.socket.send(callMessages.signal(callId, "bob", { description: { type: "offer", sdp: "v=0\r\n" } }));
    await eventually(() => expect(ofType(adasOtherPage, "call-error")).toHaveLength(1));
    // A call id that is not the chat's call is no call at all.
    ada.socket.send(callMessages.signal("another-call", "bob", { description: { type: "offer", sdp: "v=0\r\n" } }));
    await eventually(() => expect(ofType(ada, "call-error")).toHaveLength(1));

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ofType(ada, "call-signal")).toEqual([]);
    expect(ofType(bob, "call-signal")).toEqual([]);
    closeAll(ada, bob, carol, adasOtherPage);
  });

  it("drops malformed and oversized call messages without passing anything on", async () => {
    const { callId, ada, bob } = await callInProgress();
    const frames = [
      '{"type":"call-signal", not json',
      JSON.stringify({ type: "call-signal", callId, to: "bob" }),
      JSON.stringify({
        type: "call-signal",
        callId,
        to: "bob",
        description: { type: "offer", sdp: "x" },
        candidate: null,
      }),
      JSON.stringify({ type: "call-signal", callId, to: "bob", description: { type: "hello", sdp: "x" } }),
      JSON.stringify({ type: "call-signal", callId, to: "bob", candidate: { candidate: 42 } }),
      JSON.stringify({ type: "call-join", callId }),
      JSON.stringify({ type: "call-nonsense", callId }),
      // Over the size bound, though well formed.
      callMessages.signal(callId, "bob", { description: { type: "offer", sdp: "a".repeat(40_000) } }),
    ];
    for (const frame of frames) ada.socket.send(frame);
    // Still open and answering: a good signal after the junk goes through, alone.
    ada.socket.send(clientMessages.ping());
    ada.socket.send(callMessages.signal(callId, "bob", { candidate: null }));
    await eventually(() => expect(ofType(bob, "call-signal")).toHaveLength(1));
    expect(ofType(bob, "call-signal")[0]).toEqual({
      type: "call-signal",
      callId,
      from: "ada",
      session: "ada-session-1",
      candidate: null,
    });
    expect(ada.closes).toEqual([]);
    closeAll(ada, bob);
  });
});

describe("in the call", () => {
  it("hanging up ends a call of two for both, and the record waits for the API", async () => {
    const { chatId, callId, ada, bob } = await callInProgress();
    bob.socket.send(callMessages.leave(callId));
    for (const page of [ada, bob]) {
      await eventually(() =>
        expect(ofType(page, "call-ended")).toEqual([{ type: "call-ended", callId, outcome: "completed" }]),
      );
      expect(lastCall(page)).toBeNull();
    }
    const { answer } = await command(chatId, { type: "record", callId });
    expect(answer).toMatchObject({ status: "ended", record: { outcome: "completed", kind: "video", missedBy: [] } });
    // A page that opens the chat before the history has the line is told, so it can have it written.
    const later = chatPage("bob", chatId);
    await eventually(() =>
      expect(ofType(later, "call-ended")).toEqual([{ type: "call-ended", callId, outcome: "completed" }]),
    );
    closeAll(ada, bob, later);
  });

  it("keeps a reloading participant's place, and their new page rejoins the same call", async () => {
    const { chatId, callId, ada, bob } = await callInProgress();
    bob.socket.close();
    await eventually(() => expect(lastCall(ada)?.participants.find((p) => p.userId === "bob")?.away).toBe(true));
    const reloaded = chatPage("bob", chatId);
    await eventually(() => expect(lastCall(reloaded)?.callId).toBe(callId));
    reloaded.socket.send(callMessages.join(callId, "bob-session-after-reload"));
    await eventually(() =>
      expect(lastCall(ada)?.participants.find((p) => p.userId === "bob")).toMatchObject({
        session: "bob-session-after-reload",
        away: false,
      }),
    );
    ada.socket.send(callMessages.signal(callId, "bob", { candidate: null }));
    await eventually(() => expect(ofType(reloaded, "call-signal")).toHaveLength(1));
    expect(ofType(ada, "call-ended")).toEqual([]);
    closeAll(ada, reloaded);
  });

  it("tells everyone who muted or turned the camera off", async () => {
    const { callId, ada, bob } = await callInProgress();
    bob.socket.send(callMessages.media(callId, false, true));
    await eventually(() =>
      expect(lastCall(ada)?.participants.find((p) => p.userId === "bob")).toMatchObject({ audio: false, video: true }),
    );
    // Saying it again changes nothing, and nobody is told twice.
    const told = ofType(ada, "call").length;
    bob.socket.send(callMessages.media(callId, false, true));
    bob.socket.send(callMessages.media(callId, true, true));
    await eventually(() =>
      expect(lastCall(ada)?.participants.find((p) => p.userId === "bob")).toMatchObject({ audio: true }),
    );
    expect(ofType(ada, "call")).toHaveLength(told + 1);
    closeAll(ada, bob);
  });

  it("takes four people at most: a fifth reads 'This call is full', and a late join finds the call ended", async () => {
    const chatId = newChat();
    const callId = crypto.randomUUID();
    const people = ["g1", "g2", "g3", "g4", "g5"];
    await start(chatId, callId, "g1", people.slice(1));
    const pages = people.map((userId) => chatPage(userId, chatId));
    await Promise.all(pages.map((page) => page.opened));
    for (const [i, page] of pages.slice(0, 4).entries())
      page.socket.send(callMessages.join(callId, `session-g${i + 1}`));
    await eventually(() => expect(lastCall(pages[0]!)?.participants).toHaveLength(4));
    // Still being rung: the fifth may answer, and finds it full.
    expect(lastCall(pages[0]!)?.ringing).toEqual(["g5"]);
    pages[4]!.socket.send(callMessages.join(callId, "session-g5"));
    await eventually(() =>
      expect(ofType(pages[4]!, "call-error")).toEqual([{ type: "call-error", callId, message: CALL_FULL }]),
    );
    expect(lastCall(pages[0]!)?.participants).toHaveLength(4);
    // Starting again while it is full says so too.
    expect((await start(chatId, crypto.randomUUID(), "g5", ["g1"])).answer).toEqual({ status: "full" });

    for (const page of pages.slice(0, 4)) page.socket.send(callMessages.leave(callId));
    await eventually(() => expect(ofType(pages[4]!, "call-ended")).toHaveLength(1));
    pages[4]!.socket.send(callMessages.join(callId, "session-g5"));
    await eventually(() =>
      expect(ofType(pages[4]!, "call-error")).toContainEqual({ type: "call-error", callId, message: CALL_ENDED }),
    );
    closeAll(...pages);
  });

  it("lets nobody join while someone across a block from them is in the call, either way", async () => {
    const chatId = newChat();
    const callId = crypto.randomUUID();
    // Bob blocked Cy; Ada rings both.
    await start(chatId, callId, "ada", ["bob", "cy", "dee"], "voice", [["bob", "cy"]]);
    const [ada, bob, cy] = ["ada", "bob", "cy"].map((userId) => chatPage(userId, chatId));
    await Promise.all([ada!.opened, bob!.opened, cy!.opened]);
    ada!.socket.send(callMessages.join(callId, "ada-session-b"));
    cy!.socket.send(callMessages.join(callId, "cy-session-b"));
    await eventually(() => expect(lastCall(ada!)?.participants.filter((p) => !p.away)).toHaveLength(2));

    bob!.socket.send(callMessages.join(callId, "bob-session-b"));
    await eventually(() =>
      expect(ofType(bob!, "call-error")).toEqual([{ type: "call-error", callId, message: CALL_NOT_AVAILABLE }]),
    );
    expect(lastCall(ada!)?.participants.map((p) => p.userId)).toEqual(["ada", "cy"]);
    // Nor through a start, which answers plainly; a member with no block joins as ever.
    expect((await start(chatId, crypto.randomUUID(), "bob", ["ada"], "voice", [["bob", "cy"]])).answer).toEqual({
      status: "barred",
    });
    expect((await start(chatId, crypto.randomUUID(), "dee", ["ada"], "voice", [["bob", "cy"]])).answer).toEqual({
      status: "existing",
      callId,
      kind: "voice",
    });

    // Once Cy has left, Bob may come in.
    cy!.socket.send(callMessages.leave(callId));
    await eventually(() => expect(lastCall(ada!)?.participants.map((p) => p.userId)).toEqual(["ada"]));
    bob!.socket.send(callMessages.join(callId, "bob-session-b"));
    await eventually(() => expect(lastCall(ada!)?.participants.map((p) => p.userId)).toEqual(["ada", "bob"]));
    closeAll(ada!, bob!, cy!);
  });

  it("ends the call for everyone when the chat stops taking lines, and hands back its record", async () => {
    const { chatId, callId, ada, bob } = await callInProgress();
    const { answer } = await command(chatId, { type: "end" });
    expect(answer).toEqual({
      status: "ended",
      record: expect.objectContaining({ callId, outcome: "completed", kind: "video" }),
    });
    for (const page of [ada, bob]) {
      await eventually(() =>
        expect(ofType(page, "call-ended")).toEqual([{ type: "call-ended", callId, outcome: "completed" }]),
      );
    }
    // No call: nothing to end.
    expect((await command(chatId, { type: "end" })).answer).toEqual({ status: "ended", record: null });
    closeAll(ada, bob);
  });

  it("refuses call commands without the shared secret, and malformed ones", async () => {
    const chatId = newChat();
    const unsigned = await fetch(`${rooms.origin}/parties/chat-room/${chatId}?call`, {
      method: "POST",
      body: JSON.stringify({ type: "record", callId: "x" }),
    });
    expect(unsigned.status).toBe(401);
    expect((await command(chatId, { type: "start" } as unknown as CallCommand)).status).toBe(400);
  });
});
