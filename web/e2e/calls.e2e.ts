// Own host: a browser with fake media devices, and calls load both cores enough to slow whatever shares the host.
/**
 * Calls between members in separate browsers with Chromium's fake camera and microphone, through
 * the rooms as `npm start` runs them: ringing on every page, video both ways (the decoders' own
 * counts, from getStats), mute, hang up, decline, no answer, a group of three and a fourth joining
 * late, a lost first offer, a pair that cannot connect and its Retry, a block and a deleted project
 * keeping members out of a call, a reload mid-call, a refused camera, the call's chat panel, the
 * call going on under a bar while the member moves about the app, and the ringing dialog, the call
 * view (its tiles 16:9), its chat and its bar at 1280 and 375, light and dark.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { expect, vi } from "vitest";
import { mediaTest as test } from "./harness";
import { contrastViolations, findLayoutDefects, settleAnimations } from "./layout-defects";
import { befriend, call, friendsInChat, person, type Person } from "./people";
import { toast } from "./ui";

/** Two or three members signing up, a call rung and connected, and its checks, on a busy 2-core machine. */
const CALL_TEST_MS = 120_000;
const GROUP_CALL_TEST_MS = 240_000;
/** The look of each state of a call (ringing, calling, in the call, its chat, its bar) in four views each. */
const LOOKS_TEST_MS = 240_000;
const SHOTS = fileURLToPath(new URL("../../.e2e-artifacts/calls", import.meta.url));

declare global {
  interface Window {
    /** Every RTCPeerConnection the page made, for the test to read their statistics. */
    callPeers: RTCPeerConnection[];
    /** Offers this page sent that never left it (`loseFirstOffer`). */
    offersLost: number;
    /** While true, no call signal leaves the page (`holdSignals`). */
    signalsHeld: boolean;
  }
}

/** Runs in the page before its own scripts: the first offer it sends to the room is lost on the way. */
function loseFirstOffer() {
  type Data = Parameters<WebSocket["send"]>[0];
  const send = Object.getOwnPropertyDescriptor(WebSocket.prototype, "send")!.value as (
    this: WebSocket,
    data: Data,
  ) => void;
  window.offersLost = 0;
  WebSocket.prototype.send = function (this: WebSocket, data: Data) {
    if (window.offersLost === 0 && typeof data === "string" && data.includes('"type":"offer"')) {
      window.offersLost++;
      return;
    }
    send.call(this, data);
  };
}

/** Runs in the page before its own scripts: keeps each connection the app makes. */
function keepPeers() {
  const Native = window.RTCPeerConnection;
  window.callPeers = [];
  window.RTCPeerConnection = class extends Native {
    constructor(config?: RTCConfiguration) {
      super(config);
      window.callPeers.push(this);
    }
  };
}

/** Runs in the page before its own scripts: its call signals never leave it while `signalsHeld` is true. */
function holdSignals() {
  type Data = Parameters<WebSocket["send"]>[0];
  const send = Object.getOwnPropertyDescriptor(WebSocket.prototype, "send")!.value as (
    this: WebSocket,
    data: Data,
  ) => void;
  window.signalsHeld = true;
  WebSocket.prototype.send = function (this: WebSocket, data: Data) {
    if (window.signalsHeld && typeof data === "string" && data.startsWith('{"type":"call-signal"')) return;
    send.call(this, data);
  };
}

/** A statistic summed over the page's open connections. */
function stat(page: Page, type: "inbound-rtp" | "outbound-rtp", kind: "audio" | "video", field: string) {
  return page.evaluate(
    async ([type, kind, field]) => {
      let total = 0;
      for (const pc of window.callPeers.filter((pc) => pc.connectionState !== "closed")) {
        (await pc.getStats()).forEach((s: Record<string, unknown>) => {
          if (s.type === type && s.kind === kind) total += Number(s[field] ?? 0);
        });
      }
      return total;
    },
    [type, kind, field] as const,
  );
}

const framesDecoded = (page: Page) => stat(page, "inbound-rtp", "video", "framesDecoded");

/** How many remote videos the page decodes: its open connections' video receivers with a frame decoded. */
const videosDecoding = (page: Page) =>
  page.evaluate(async () => {
    let decoding = 0;
    for (const pc of window.callPeers.filter((pc) => pc.connectionState !== "closed")) {
      (await pc.getStats()).forEach((s: Record<string, unknown>) => {
        if (s.type === "inbound-rtp" && s.kind === "video" && Number(s.framesDecoded) > 0) decoding++;
      });
    }
    return decoding;
  });
const audioSent = (page: Page) => stat(page, "outbound-rtp", "audio", "bytesSent");
const audioReceived = (page: Page) => stat(page, "inbound-rtp", "audio", "bytesReceived");
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The figure keeps going up: read, wait, read again, a few times over. */
async function keepsRising(page: Page, figure: (page: Page) => Promise<number>) {
  const read = () => figure(page);
  await expect.poll(read, { timeout: 20_000 }).toBeGreaterThan(0);
  let last = await read();
  for (let i = 0; i < 3; i++) {
    await pause(700);
    const now = await read();
    expect(now).toBeGreaterThan(last);
    last = now;
  }
}

const callView = (page: Page) => page.getByRole("region", { name: "Call", exact: true });
const ringing = (page: Page, caller: string) => page.getByRole("dialog", { name: caller });
const tileOf = (page: Page, name: string) => callView(page).getByRole("figure", { name: `${name}'s video` });
const remoteTiles = (page: Page) => callView(page).getByRole("figure", { name: /'s video$/ });
/** What the call's list of people says of one of them: 'Connected', 'Connecting...', 'Could not connect'. */
const rosterSays = (page: Page, name: string, word: string) =>
  callView(page)
    .getByRole("list", { name: "In this call" })
    .getByRole("listitem")
    .filter({ hasText: name })
    .getByText(word, { exact: true });
const messageList = (page: Page) => page.getByRole("list", { name: "Messages" });
const callBar = (page: Page) => page.getByRole("region", { name: "Ongoing call" });

/**
 * Waits until every video tile of the call is 16:9 and the same size as the others, all of them in
 * the window, in `rows` rows: none stretched to the screen's height, none pushed out of sight. The
 * grid sizes its tiles when it sees the window change (a ResizeObserver), a frame after it does.
 */
async function tilesSettle(page: Page, count: number, rows: number) {
  await vi.waitFor(
    async () => {
      const boxes = await callView(page)
        .getByRole("figure", { name: /video$/ })
        .evaluateAll((tiles) => tiles.map((tile) => tile.getBoundingClientRect().toJSON() as DOMRect));
      expect(boxes).toHaveLength(count);
      const viewport = page.viewportSize()!;
      for (const box of boxes) {
        expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
        expect(Math.abs(box.width - boxes[0]!.width)).toBeLessThan(1);
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(viewport.width);
        expect(box.bottom).toBeLessThanOrEqual(viewport.height);
      }
      expect(new Set(boxes.map((box) => Math.round(box.top))).size).toBe(rows);
    },
    { timeout: 5_000, interval: 100 },
  );
}

/** The member's page, watching its connections, open at a path. */
async function openAt(who: Person | Page, path: string) {
  const page = "page" in who ? who.page : who;
  await page.addInitScript(keepPeers);
  await page.goto(path);
  return page;
}

async function answer(page: Page, caller: string) {
  await ringing(page, caller).getByRole("button", { name: "Accept" }).click();
  await callView(page).waitFor();
}

test(
  "a friend's card calls, every page of the callee rings, one answers, video flows both ways, mute and hang up",
  async ({ app, newPage }) => {
    const ada = await person(app, newPage, "Ada Caller");
    const bob = await person(app, newPage, "Bob Callee");
    await befriend(ada, bob);
    const bobsOtherPage = await openAt(await bob.page.context().newPage(), "/friends");
    // The ring stopping, answered here or on the other page, throws nothing at the callee's pages.
    const pageErrors: string[] = [];
    for (const page of [bob.page, bobsOtherPage]) page.on("pageerror", (error) => pageErrors.push(error.message));
    // What answering needs from the server, asked for by the page that answers.
    const asked = { "chats.ticket": 0, "calls.iceServers": 0 };
    bob.page.on("request", (request) => {
      const paths = new URL(request.url()).pathname.replace("/api/trpc/", "").split(",");
      for (const path of paths) if (path in asked) asked[path as keyof typeof asked]++;
    });
    await openAt(bob, "/dashboard");
    await openAt(ada, "/friends");

    await ada.page
      .getByRole("list", { name: "Friends" })
      .getByRole("listitem")
      .filter({ hasText: "Bob Callee" })
      .getByRole("button", { name: "More actions for Bob Callee" })
      .click();
    await ada.page.getByRole("menuitem", { name: "Video Call" }).click();
    await callView(ada.page).getByText("Calling...").waitFor();

    for (const page of [bob.page, bobsOtherPage]) {
      await ringing(page, "Ada Caller").getByText("Incoming video call").waitFor();
    }
    // Asked while it rings, so that Accept waits only for the camera and the room's socket.
    await expect.poll(() => asked).toEqual({ "chats.ticket": 1, "calls.iceServers": 1 });
    await answer(bob.page, "Ada Caller");
    // Answered on one page: the other stops ringing.
    await ringing(bobsOtherPage, "Ada Caller").waitFor({ state: "hidden" });
    expect(await callView(bobsOtherPage).count()).toBe(0);

    await tileOf(ada.page, "Bob Callee").waitFor();
    await tileOf(bob.page, "Ada Caller").waitFor();
    await keepsRising(ada.page, framesDecoded);
    await keepsRising(bob.page, framesDecoded);
    await callView(ada.page)
      .getByText(/^\d+:\d\d$/)
      .waitFor();
    // ... and not asked again on Accept.
    expect(asked).toEqual({ "chats.ticket": 1, "calls.iceServers": 1 });

    // Muted: nothing more leaves Ada's page for her voice, and Bob's tile of her says so.
    await keepsRising(ada.page, audioSent);
    await callView(ada.page).getByRole("button", { name: "Mute" }).click();
    await tileOf(bob.page, "Ada Caller").getByLabel("Muted").waitFor();
    await pause(500);
    const whileMuted = await audioSent(ada.page);
    await pause(1500);
    expect(await audioSent(ada.page)).toBe(whileMuted);
    expect(
      await ada.page.evaluate(() =>
        window.callPeers.every((pc) => pc.getSenders().every((sender) => sender.track?.kind !== "audio")),
      ),
    ).toBe(true);
    await callView(ada.page).getByRole("button", { name: "Unmute" }).click();
    await keepsRising(ada.page, audioSent);

    // Either side hanging up ends it for both, and the chat keeps the call with its length.
    await callView(bob.page).getByRole("button", { name: "Hang up" }).click();
    await callView(bob.page).waitFor({ state: "hidden" });
    await callView(ada.page).waitFor({ state: "hidden" });
    const { chatId } = await call<{ chatId: string }>(ada, "chats.openPrivate", { friendId: bob.id });
    await ada.page.goto(`/chat/${chatId}`);
    await messageList(ada.page)
      .getByText(/^Video call · 0:\d\d$/)
      .waitFor();
    expect(pageErrors).toEqual([]);
  },
  CALL_TEST_MS,
);

test(
  "a declined call tells the caller 'Call declined' and leaves 'Missed voice call' in the chat",
  async ({ app, newPage }) => {
    const { ada, bob, chatId } = await friendsInChat(app, newPage, "Ada Declined", "Bob Declines");
    await openAt(bob, "/dashboard");
    await openAt(ada, `/chat/${chatId}`);
    await ada.page.getByRole("banner").getByRole("button", { name: "Voice call" }).click();
    await callView(ada.page).waitFor();

    const dialog = ringing(bob.page, "Ada Declined");
    await dialog.getByText("Incoming voice call").waitFor();
    await dialog.getByRole("button", { name: "Decline" }).click();
    await dialog.waitFor({ state: "hidden" });

    await toast(ada.page, "Call declined").waitFor();
    await callView(ada.page).waitFor({ state: "hidden" });
    await messageList(ada.page).getByText("Missed voice call").waitFor();
    // Unread for Bob like any message.
    await bob.page.getByRole("navigation").getByText("1", { exact: true }).first().waitFor();
  },
  CALL_TEST_MS,
);

test(
  "a call nobody answers stops ringing after 30 seconds: 'No answer', and 'Missed voice call'",
  async ({ app, newPage }) => {
    const { ada, bob, chatId } = await friendsInChat(app, newPage, "Ada Unanswered", "Bob Away");
    await openAt(bob, "/dashboard");
    await openAt(ada, `/chat/${chatId}`);
    await ada.page.getByRole("banner").getByRole("button", { name: "Voice call" }).click();
    await ringing(bob.page, "Ada Unanswered").waitFor();

    await toast(ada.page, "No answer").waitFor({ timeout: 45_000 });
    await callView(ada.page).waitFor({ state: "hidden" });
    await ringing(bob.page, "Ada Unanswered").waitFor({ state: "hidden" });
    await messageList(ada.page).getByText("Missed voice call").waitFor();
  },
  CALL_TEST_MS,
);

test(
  "three members in a group call each see the other two",
  async ({ app, newPage }) => {
    const ada = await person(app, newPage, "Ada Group");
    const bob = await person(app, newPage, "Bob Group");
    const cy = await person(app, newPage, "Cy Group");
    await befriend(ada, bob);
    await befriend(ada, cy);
    const { chatId } = await call<{ chatId: string }>(ada, "chats.createGroup", {
      name: "Launch crew",
      memberIds: [bob.id, cy.id],
    });
    for (const who of [bob, cy]) await openAt(who, "/dashboard");
    await openAt(ada, `/chat/${chatId}`);
    await ada.page.getByRole("banner").getByRole("button", { name: "Video call" }).click();

    for (const who of [bob, cy]) {
      await ringing(who.page, "Ada Group").getByText("Incoming video call in a group").waitFor();
      await answer(who.page, "Ada Group");
    }
    await everyoneSeesEveryone([ada, bob, cy]);
  },
  GROUP_CALL_TEST_MS,
);

/**
 * Each member's page shows a tile for every other and decodes every other's video. Pages each
 * encoding and decoding several videos on two cores can take a while to reach the first frame.
 */
async function everyoneSeesEveryone(members: Person[]) {
  for (const who of members) {
    const others = members.filter((other) => other !== who);
    for (const other of others) await tileOf(who.page, other.displayName).waitFor();
    await expect.poll(() => remoteTiles(who.page).count()).toBe(others.length);
    await expect.poll(() => videosDecoding(who.page), { timeout: 60_000 }).toBe(others.length);
    await keepsRising(who.page, framesDecoded);
    for (const other of others) await rosterSays(who.page, other.displayName, "Connected").waitFor();
    // Three or four people: a 2×2 grid of 16:9 tiles at 1280 wide.
    await tilesSettle(who.page, members.length, 2);
  }
}

test(
  "a fourth member joining a group call late connects to all three, and one who hangs up leaves every page",
  async ({ app, newPage }) => {
    const [ada, bob, cy, dan] = await Promise.all(
      ["Ada Late", "Bob Late", "Cy Late", "Dan Late"].map((name) => person(app, newPage, name)),
    );
    for (const other of [bob!, cy!, dan!]) await befriend(ada!, other);
    const { chatId } = await call<{ chatId: string }>(ada!, "chats.createGroup", {
      name: "Late crew",
      memberIds: [bob!.id, cy!.id, dan!.id],
    });
    for (const who of [bob!, cy!]) await openAt(who, "/dashboard");
    await openAt(dan!, `/chat/${chatId}`);
    await openAt(ada!, `/chat/${chatId}`);
    await ada!.page.getByRole("banner").getByRole("button", { name: "Video call" }).click();
    for (const who of [bob!, cy!]) await answer(who.page, "Ada Late");
    // Dan says no at first, and joins from the chat once the others are talking.
    await ringing(dan!.page, "Ada Late").getByRole("button", { name: "Decline" }).click();
    await everyoneSeesEveryone([ada!, bob!, cy!]);
    await dan!.page.getByRole("banner").getByRole("button", { name: "Join call" }).click();
    await callView(dan!.page).waitFor();
    await everyoneSeesEveryone([ada!, bob!, cy!, dan!]);

    await callView(cy!.page).getByRole("button", { name: "Hang up" }).click();
    for (const who of [ada!, bob!, dan!]) {
      await tileOf(who.page, "Cy Late").waitFor({ state: "hidden", timeout: 5000 });
      expect(await remoteTiles(who.page).count()).toBe(2);
    }
    await keepsRising(dan!.page, framesDecoded);
  },
  GROUP_CALL_TEST_MS,
);

test(
  "a pair whose first offer is lost on the way still connects",
  async ({ app, newPage }) => {
    const { ada, bob, chatId } = await friendsInChat(app, newPage, "Ada Lossy", "Bob Lossy");
    // Each page loses the first offer it sends, whichever of the two offers first.
    for (const who of [ada, bob]) await who.page.addInitScript(loseFirstOffer);
    await openAt(bob, "/dashboard");
    await openAt(ada, `/chat/${chatId}`);
    await ada.page.getByRole("banner").getByRole("button", { name: "Video call" }).click();
    await answer(bob.page, "Ada Lossy");
    await keepsRising(ada.page, framesDecoded);
    await keepsRising(bob.page, framesDecoded);
    const lost = await Promise.all([ada, bob].map((who) => who.page.evaluate(() => window.offersLost)));
    expect(lost[0]! + lost[1]!).toBeGreaterThan(0);
  },
  CALL_TEST_MS,
);

test(
  "a pair that cannot reach each other says 'Could not connect to …', and Retry connects it once it can",
  async ({ app, newPage }) => {
    const { ada, bob, chatId } = await friendsInChat(app, newPage, "Ada Unreachable", "Bob Waiting");
    await ada.page.addInitScript(holdSignals);
    await openAt(bob, "/dashboard");
    await openAt(ada, `/chat/${chatId}`);
    await ada.page.getByRole("banner").getByRole("button", { name: "Video call" }).click();
    await answer(bob.page, "Ada Unreachable");
    await rosterSays(bob.page, "Ada Unreachable", "Connecting...").waitFor();

    // Every try spent: said on the tile, with the name, and in the list of people.
    const failed = tileOf(bob.page, "Ada Unreachable").getByRole("alert");
    await failed.getByText("Could not connect to Ada Unreachable").waitFor({ timeout: 40_000 });
    await rosterSays(bob.page, "Ada Unreachable", "Could not connect").waitFor();

    await ada.page.evaluate(() => (window.signalsHeld = false));
    await failed.getByRole("button", { name: "Retry" }).click();
    await keepsRising(bob.page, framesDecoded);
    await keepsRising(ada.page, framesDecoded);
    await rosterSays(bob.page, "Ada Unreachable", "Connected").waitFor();
    expect(await failed.count()).toBe(0);
  },
  CALL_TEST_MS,
);

test(
  "a member cannot join a call that someone who blocked them is in, and is told it is not available",
  async ({ app, newPage }) => {
    const [ada, bob, cy] = await Promise.all(
      ["Ada Between", "Bob Blocker", "Cy Blocked"].map((name) => person(app, newPage, name)),
    );
    for (const other of [bob!, cy!]) await befriend(ada!, other);
    const { chatId } = await call<{ chatId: string }>(ada!, "chats.createGroup", {
      name: "Split crew",
      memberIds: [bob!.id, cy!.id],
    });
    await call(bob!, "safety.block", { memberId: cy!.id });
    for (const who of [bob!, cy!]) await openAt(who, "/dashboard");
    await openAt(ada!, `/chat/${chatId}`);
    await ada!.page.getByRole("banner").getByRole("button", { name: "Voice call" }).click();
    await answer(cy!.page, "Ada Between");
    await rosterSays(ada!.page, "Cy Blocked", "Connected").waitFor({ timeout: 30_000 });

    await ringing(bob!.page, "Ada Between").getByRole("button", { name: "Accept" }).click();
    await toast(bob!.page, "This call is not available.").waitFor();
    await callView(bob!.page).waitFor({ state: "hidden" });
    expect(await remoteTiles(ada!.page).count()).toBe(1);
  },
  CALL_TEST_MS,
);

test(
  "deleting a project ends its team chat's call for everyone, with the call's line before the chat goes read-only",
  async ({ app, newPage }) => {
    const owner = await person(app, newPage, "Olga Deleting");
    const ada = await person(app, newPage, "Ada Team");
    const { id: projectId } = await call<{ id: string }>(owner, "projects.create", {
      title: "Beacon",
      category: "Mobile Apps",
    });
    const { id: requestId } = await call<{ id: string }>(ada, "joinRequests.request", { projectId });
    await call(owner, "joinRequests.accept", { requestId });
    const db = app.openDatabase();
    const chatId = await db
      .execute({ sql: "SELECT id FROM chats WHERE project_id = ?", args: [projectId] })
      .then(({ rows }) => String(rows[0]!.id))
      .finally(() => db.close());

    await openAt(ada, "/dashboard");
    await openAt(owner, `/chat/${chatId}`);
    await owner.page.getByRole("banner").getByRole("button", { name: "Video call" }).click();
    await answer(ada.page, "Olga Deleting");
    await keepsRising(ada.page, framesDecoded);

    await call(owner, "projects.remove", { id: projectId });
    await callView(ada.page).waitFor({ state: "hidden" });
    await callView(owner.page).waitFor({ state: "hidden" });
    const lines = messageList(owner.page).getByRole("listitem");
    await lines.filter({ hasText: "deleted the project" }).waitFor();
    const texts = await lines.allInnerTexts();
    const callLine = texts.findIndex((text) => /Video call · 0:\d\d/.test(text));
    expect(callLine).toBeGreaterThanOrEqual(0);
    expect(texts.findIndex((text) => text.includes("Olga Deleting deleted the project."))).toBeGreaterThan(callLine);
  },
  CALL_TEST_MS,
);

test(
  "a voice call is a row of avatars whose ring lights while that person speaks, and not while muted",
  async ({ app, newPage }) => {
    const { ada, bob, chatId } = await friendsInChat(app, newPage, "Ada Speaking", "Bob Listening");
    await openAt(bob, "/dashboard");
    await openAt(ada, `/chat/${chatId}`);
    await ada.page.getByRole("banner").getByRole("button", { name: "Voice call" }).click();
    await answer(bob.page, "Ada Speaking");
    const adaOnBob = tileOf(bob.page, "Ada Speaking");
    await rosterSays(bob.page, "Ada Speaking", "Connected").waitFor({ timeout: 30_000 });
    // Avatar-sized, not screen-high.
    expect((await adaOnBob.boundingBox())!.height).toBeLessThan(250);

    // The fake microphone's tone: the ring lights on the other page.
    await expect.poll(() => adaOnBob.getAttribute("data-speaking"), { timeout: 20_000 }).toBe("true");
    await callView(ada.page).getByRole("button", { name: "Mute" }).click();
    await adaOnBob.getByLabel("Muted").waitFor();
    for (let i = 0; i < 8; i++) {
      expect(await adaOnBob.getAttribute("data-speaking")).toBe("false");
      await pause(250);
    }
  },
  CALL_TEST_MS,
);

test(
  "one side reloads mid-call and the call resumes",
  async ({ app, newPage }) => {
    const { ada, bob, chatId } = await friendsInChat(app, newPage, "Ada Steady", "Bob Reloads");
    await openAt(bob, "/dashboard");
    await openAt(ada, `/chat/${chatId}`);
    await ada.page.getByRole("banner").getByRole("button", { name: "Video call" }).click();
    await answer(bob.page, "Ada Steady");
    await keepsRising(bob.page, framesDecoded);

    await bob.page.reload();
    await tileOf(bob.page, "Ada Steady").waitFor();
    await keepsRising(bob.page, framesDecoded);
    await keepsRising(ada.page, framesDecoded);
    await expect
      .poll(() =>
        tileOf(ada.page, "Bob Reloads")
          .getByText(/Reconnecting|Connecting/)
          .count(),
      )
      .toBe(0);
    expect(
      await callView(ada.page)
        .getByText(/^\d+:\d\d$/)
        .count(),
    ).toBe(1);

    // The device picker lists the microphone and the camera in use; picking a camera keeps the video going.
    await callView(bob.page).getByRole("button", { name: "Devices" }).click();
    const devices = bob.page.getByRole("menu");
    await expect.poll(() => devices.getByRole("menuitemradio", { checked: true }).count()).toBe(2);
    await devices.getByRole("menuitemradio").last().click();
    await keepsRising(ada.page, framesDecoded);
  },
  CALL_TEST_MS,
);

test(
  "a refused camera is said plainly, and the video call goes on with sound",
  async ({ app, newPage }) => {
    const { ada, bob, chatId } = await friendsInChat(app, newPage, "Ada No Camera", "Bob Sees");
    await ada.page.addInitScript(() => {
      const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = (constraints) =>
        constraints?.video
          ? Promise.reject(new DOMException("Permission denied", "NotAllowedError"))
          : open(constraints);
    });
    await openAt(bob, "/dashboard");
    await openAt(ada, `/chat/${chatId}`);
    await ada.page.getByRole("banner").getByRole("button", { name: "Video call" }).click();
    await callView(ada.page).getByRole("alert").getByText("Your camera is not available").waitFor();
    expect(await callView(ada.page).getByRole("button", { name: "Turn camera off" }).count()).toBe(0);

    await answer(bob.page, "Ada No Camera");
    await keepsRising(bob.page, audioReceived);
    await keepsRising(ada.page, framesDecoded);
  },
  CALL_TEST_MS,
);

test(
  "the ringing dialog, the call, its chat and its bar fit 1280 and 375 wide, light and dark, with 16:9 tiles",
  async ({ app, newPage }) => {
    const { ada, bob, chatId } = await friendsInChat(app, newPage, "Ada Looks", "Bob Linus Benedict Looks-Lovelace");
    await openAt(bob, "/dashboard");
    await openAt(ada, `/chat/${chatId}`);
    const found: string[] = [];
    const look = async (page: Page, what: string) => {
      for (const scheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const width of [1280, 375]) {
          await page.setViewportSize({ width, height: 800 });
          await settleAnimations(page);
          const defects = [...(await page.evaluate(findLayoutDefects)), ...(await contrastViolations(page))];
          found.push(...defects.map((defect) => `${what} ${width} ${scheme}: ${defect}`));
          if (process.env.SWEEP_SHOTS || defects.length) {
            mkdirSync(SHOTS, { recursive: true });
            await page.screenshot({ path: join(SHOTS, `${what}-${width}-${scheme}.png`) });
          }
        }
      }
    };

    await ada.page.getByRole("banner").getByRole("button", { name: "Video call" }).click();
    await callView(ada.page).getByText("Calling...").waitFor();
    await ringing(bob.page, "Ada Looks").getByText("Incoming video call").waitFor();
    await look(bob.page, "ringing");
    await look(ada.page, "calling");
    await answer(bob.page, "Ada Looks");
    await tileOf(ada.page, "Bob Linus Benedict Looks-Lovelace").waitFor();
    await keepsRising(ada.page, framesDecoded);
    await look(ada.page, "in-call");
    // Two people: side by side at 1280, one above the other at 375, each 16:9.
    for (const [width, rows] of [
      [1280, 1],
      [375, 2],
    ] as const) {
      await ada.page.setViewportSize({ width, height: 800 });
      await tilesSettle(ada.page, 2, rows);
    }
    await callView(ada.page).getByRole("button", { name: "Chat", exact: true }).click();
    await ada.page.getByRole("textbox", { name: "Message" }).last().waitFor();
    await look(ada.page, "chat-panel");
    await ada.page.setViewportSize({ width: 1280, height: 800 });
    await callView(ada.page).getByRole("button", { name: "Chat", exact: true }).click();
    await callView(ada.page).getByRole("button", { name: "Minimize call" }).click();
    await callBar(ada.page).waitFor();
    await look(ada.page, "bar");
    expect(found).toEqual([]);
    await callBar(ada.page).getByRole("button", { name: "Return to call" }).click();
    // On a phone the controls keep to one row, Hang up among them.
    await ada.page.setViewportSize({ width: 375, height: 800 });
    const controls = callView(ada.page).getByRole("toolbar", { name: "Call controls" }).getByRole("button");
    expect(await controls.count()).toBeGreaterThanOrEqual(4);
    const tops = await controls.evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().top));
    expect(new Set(tops).size).toBe(1);
  },
  LOOKS_TEST_MS,
);

test(
  "a message sent from the call's chat panel arrives on the other page, and the phone's sheet sends too",
  async ({ app, newPage }) => {
    const { ada, bob, chatId } = await friendsInChat(app, newPage, "Ada Chatting", "Bob In Call");
    await openAt(bob, "/dashboard");
    await openAt(ada, `/chat/${chatId}`);
    await ada.page.getByRole("banner").getByRole("button", { name: "Voice call" }).click();
    await answer(bob.page, "Ada Chatting");
    await rosterSays(ada.page, "Bob In Call", "Connected").waitFor({ timeout: 30_000 });

    await callView(ada.page).getByRole("button", { name: "Chat", exact: true }).click();
    const adasPanel = callView(ada.page).getByRole("complementary", { name: "Chat" });
    const adasBox = adasPanel.getByRole("textbox", { name: "Message" });
    await adasBox.fill("Can you see my screen?");
    await adasBox.press("Enter");
    await callView(bob.page).getByRole("button", { name: "Chat", exact: true }).click();
    await bob.page
      .getByRole("complementary", { name: "Chat" })
      .getByRole("list", { name: "Messages" })
      .getByText("Can you see my screen?")
      .waitFor();

    // On a phone the chat is a sheet over the call; what is sent there reaches the other side's panel.
    await bob.page.setViewportSize({ width: 375, height: 800 });
    const sheet = bob.page.getByRole("dialog", { name: "Chat" });
    const bobsBox = sheet.getByRole("textbox", { name: "Message" });
    await bobsBox.fill("Yes, all of it");
    await bobsBox.press("Enter");
    await adasPanel.getByRole("list", { name: "Messages" }).getByText("Yes, all of it").waitFor();
    await sheet.getByRole("button", { name: "Close" }).click();
    await sheet.waitFor({ state: "hidden" });
    await rosterSays(bob.page, "Ada Chatting", "Connected").waitFor();
  },
  CALL_TEST_MS,
);

test(
  "the call goes on while a member moves to the dashboard and back, under a bar whose mute, return and hang up work",
  async ({ app, newPage }) => {
    const ada = await person(app, newPage, "Ada Moving");
    const bob = await person(app, newPage, "Bob Staying");
    await befriend(ada, bob);
    await openAt(bob, "/dashboard");
    await openAt(ada, "/friends");
    await ada.page
      .getByRole("list", { name: "Friends" })
      .getByRole("listitem")
      .filter({ hasText: "Bob Staying" })
      .getByRole("button", { name: "More actions for Bob Staying" })
      .click();
    await ada.page.getByRole("menuitem", { name: "Video Call" }).click();
    await answer(bob.page, "Ada Moving");
    await keepsRising(ada.page, framesDecoded);

    // Minimized, the app is there again: Ada goes to her dashboard through its navigation.
    await callView(ada.page).getByRole("button", { name: "Minimize call" }).click();
    await callView(ada.page).waitFor({ state: "hidden" });
    const bar = callBar(ada.page);
    await bar.getByText("Bob Staying").waitFor();
    await bar.getByText(/^\d+:\d\d$/).waitFor();
    await ada.page.getByRole("navigation", { name: "App" }).getByRole("link", { name: "Home" }).click();
    await ada.page.waitForURL("**/dashboard");
    await bar.waitFor();
    await keepsRising(ada.page, framesDecoded);
    await keepsRising(bob.page, framesDecoded);

    // Mute from the bar: Bob's tile of Ada says so, and the bar offers to unmute.
    await bar.getByRole("button", { name: "Mute" }).click();
    await tileOf(bob.page, "Ada Moving").getByLabel("Muted").waitFor();
    await bar.getByRole("button", { name: "Unmute" }).click();
    await tileOf(bob.page, "Ada Moving").getByLabel("Muted").waitFor({ state: "hidden" });

    // Back to the call from the dashboard: the same call, its video still coming.
    await bar.getByRole("button", { name: "Return to call" }).click();
    await tileOf(ada.page, "Bob Staying").waitFor();
    await bar.waitFor({ state: "hidden" });
    expect(ada.page.url()).toMatch(/\/dashboard$/);
    await keepsRising(ada.page, framesDecoded);

    // Hung up from the bar on another page: over for both.
    await callView(ada.page).getByRole("button", { name: "Minimize call" }).click();
    await ada.page.getByRole("navigation", { name: "App" }).getByRole("link", { name: "Friends" }).click();
    await ada.page.waitForURL("**/friends");
    await bar.getByRole("button", { name: "Hang up" }).click();
    await bar.waitFor({ state: "hidden" });
    await callView(bob.page).waitFor({ state: "hidden" });
    expect(await callView(ada.page).count()).toBe(0);
  },
  CALL_TEST_MS,
);
