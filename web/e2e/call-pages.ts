/**
 * What the call tests read and do on a member's page (calls.e2e.ts, group-calls.e2e.ts): the
 * scripts they run in it before its own, the statistics of its connections, the parts of the call
 * view, and the steps of ringing, answering and seeing everyone.
 */
import type { Page } from "playwright-core";
import { expect, vi } from "vitest";
import type { Person } from "./people";

/** Two or three members signing up, a call rung and connected, and its checks, on a busy 2-core machine. */
export const CALL_TEST_MS = 120_000;
export const GROUP_CALL_TEST_MS = 240_000;

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
export function loseFirstOffer() {
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
export function keepPeers() {
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
export function holdSignals() {
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
export function stat(page: Page, type: "inbound-rtp" | "outbound-rtp", kind: "audio" | "video", field: string) {
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

export const framesDecoded = (page: Page) => stat(page, "inbound-rtp", "video", "framesDecoded");

/** How many remote videos the page decodes: its open connections' video receivers with a frame decoded. */
export const videosDecoding = (page: Page) =>
  page.evaluate(async () => {
    let decoding = 0;
    for (const pc of window.callPeers.filter((pc) => pc.connectionState !== "closed")) {
      (await pc.getStats()).forEach((s: Record<string, unknown>) => {
        if (s.type === "inbound-rtp" && s.kind === "video" && Number(s.framesDecoded) > 0) decoding++;
      });
    }
    return decoding;
  });
export const audioSent = (page: Page) => stat(page, "outbound-rtp", "audio", "bytesSent");
export const audioReceived = (page: Page) => stat(page, "inbound-rtp", "audio", "bytesReceived");
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The figure keeps going up: read, wait, read again, a few times over. */
export async function keepsRising(page: Page, figure: (page: Page) => Promise<number>) {
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

export const callView = (page: Page) => page.getByRole("region", { name: "Call", exact: true });
export const ringing = (page: Page, caller: string) => page.getByRole("dialog", { name: caller });
export const tileOf = (page: Page, name: string) => callView(page).getByRole("figure", { name: `${name}'s video` });
export const remoteTiles = (page: Page) => callView(page).getByRole("figure", { name: /'s video$/ });
/** What the call's list of people says of one of them: 'Connected', 'Connecting...', 'Could not connect'. */
export const rosterSays = (page: Page, name: string, word: string) =>
  callView(page)
    .getByRole("list", { name: "In this call" })
    .getByRole("listitem")
    .filter({ hasText: name })
    .getByText(word, { exact: true });
export const callBar = (page: Page) => page.getByRole("region", { name: "Ongoing call" });

/**
 * Waits until every video tile of the call is 16:9 and the same size as the others, all of them in
 * the window, in `rows` rows: none stretched to the screen's height, none pushed out of sight. The
 * grid sizes its tiles when it sees the window change (a ResizeObserver), a frame after it does.
 * The ceiling is long because a page decoding three videos on a loaded 2-core machine can take
 * seconds to answer one look at its tiles (the flake hunt saw a first look outlast 5 s).
 */
export async function tilesSettle(page: Page, count: number, rows: number) {
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
    { timeout: 30_000, interval: 100 },
  );
}

/** The member's page, watching its connections, open at a path. */
export async function openAt(who: Person | Page, path: string) {
  const page = "page" in who ? who.page : who;
  await page.addInitScript(keepPeers);
  await page.goto(path);
  return page;
}

export async function answer(page: Page, caller: string) {
  await ringing(page, caller).getByRole("button", { name: "Accept" }).click();
  await callView(page).waitFor();
}

/**
 * Each member's page shows a tile for every other and decodes every other's video. Pages each
 * encoding and decoding several videos on two cores can take a while to reach the first frame.
 */
export async function everyoneSeesEveryone(members: Person[]) {
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
