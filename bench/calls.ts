/**
 * Calls as their members see them start, two, three and four at a time: Ada's page calls from the
 * chat, every callee's page rings and presses Accept, and the call is set up once every page shows
 * a first frame of every other member's camera (the last pair's first frame). Times are taken
 * inside the pages on one clock (`performance.timeOrigin + performance.now()`, each frame by
 * `requestVideoFrameCallback`), from the first Accept. Calls run one after the other on loopback
 * with the tests' small fake camera; a call that is not fully set up within `CONNECT_WITHIN_MS` is
 * counted as not connected. Beside them, a bare RTCPeerConnection pair in one page (offer, answer
 * and candidates handed over directly, no server): what connecting and the first frame cost by
 * themselves. The difference is what the app adds: media opened after Accept, a ticket, the room's
 * socket, the join, the signals relayed through the room, and with more people, a connection per
 * pair on one machine.
 *
 * `CALLS="2:50,3:20,4:10"` (the default) says how many calls of each size to make.
 */
import type { Browser, Page } from "playwright-core";
import { fakeMediaArgs, launchChromium } from "../testing/chromium";
import { crew, fixed, instrumentedPage, percentile, printTable, startHost, writeResults } from "./lib";

const NAMES = ["Ada", "Bob", "Cy", "Dan"];
const WARM_UP = 2;
const BARE_PAIRS = 20;
/** Longer than a pair's every try to connect (web/lib/calls/peer.ts): a call not set up by then never is. */
const CONNECT_WITHIN_MS = 40_000;
const TARGETS = { twoMedianMs: 1000, twoP95Ms: 2500, fourP95Ms: 2500 };

/** Calls per size, from `CALLS`: "size:count" pairs. */
function callCounts() {
  const spec = process.env.CALLS ?? "2:50,3:20,4:10";
  const counts = spec.split(",").map((part) => part.split(":").map(Number) as [number, number]);
  if (counts.some(([size, count]) => !(size >= 2 && size <= 4 && count >= 1)))
    throw new Error(`CALLS: expected sizes 2 to 4 and counts of at least 1, like "2:50,3:20,4:10"; got "${spec}"`);
  return counts;
}

interface Marks {
  accept: number;
  /** The first frame shown of each other member's video, by the video's label. */
  frames: Record<string, number>;
  /** Called as each first frame shows: the bench waits on it instead of asking every few ms. */
  onFrame: () => void;
}
type Instrumented = Window & { __calls: Marks };

/** Runs in every page before the app: when Accept is pressed, and when each remote video first shows a frame. */
function instrument() {
  const now = () => performance.timeOrigin + performance.now();
  const marks: Marks = { accept: 0, frames: {}, onFrame: () => {} };
  Object.assign(window, { __calls: marks });
  addEventListener(
    "click",
    (event) => {
      if ((event.target as Element | null)?.closest("button")?.textContent?.trim() === "Accept") marks.accept = now();
    },
    true,
  );
  new MutationObserver(() => {
    for (const video of document.querySelectorAll<HTMLVideoElement>('video[aria-label^="Video of"]')) {
      if (video.dataset.watched) continue;
      video.dataset.watched = "1";
      const label = video.getAttribute("aria-label")!;
      video.requestVideoFrameCallback(() => {
        marks.frames[label] ??= now();
        marks.onFrame();
      });
    }
  }).observe(document, { subtree: true, childList: true });
}

/**
 * The page's marks once it shows a first frame of `others` members' videos, or as they stand after
 * `withinMs`. One call per page that the page answers when it is done: asking every few
 * milliseconds would take the CPU the pages set up their calls with.
 */
const marksOnceShown = (page: Page, others: number, withinMs: number) =>
  page.evaluate(
    ([others, withinMs]) =>
      new Promise<{ accept: number; frames: Record<string, number> }>((resolve) => {
        const calls = (window as unknown as Instrumented).__calls;
        const done = () => {
          clearTimeout(timer);
          calls.onFrame = () => {};
          resolve({ accept: calls.accept, frames: { ...calls.frames } });
        };
        const timer = setTimeout(done, withinMs);
        calls.onFrame = () => {
          if (Object.keys(calls.frames).length >= others) done();
        };
        calls.onFrame();
      }),
    [others, withinMs] as const,
  );
const reset = (page: Page) =>
  page.evaluate(() => Object.assign((window as unknown as Instrumented).__calls, { accept: 0, frames: {} }));
const callView = (page: Page) => page.getByRole("region", { name: "Call", exact: true });

/**
 * One call of `pages.length` members, the first calling: the time from the first Accept to the last
 * pair's first frame, or null when some pair showed none within `CONNECT_WITHIN_MS`.
 */
async function oneCall(pages: Page[]) {
  const [caller, ...callees] = pages as [Page, ...Page[]];
  await Promise.all(pages.map(reset));
  await caller.getByRole("banner").getByRole("button", { name: "Video call" }).click();
  // Every callee presses Accept at the same moment, the hardest case for the room: each page is
  // ringing first, then all are clicked in one step each, as Playwright's own clicks (each checking
  // the button on its page) would spread them over half a second on a busy machine.
  const accepts = callees.map((page) =>
    page.getByRole("dialog", { name: "Ada" }).getByRole("button", { name: "Accept" }),
  );
  await Promise.all(accepts.map((accept) => accept.waitFor()));
  await Promise.all(accepts.map((accept) => accept.evaluate((button: HTMLButtonElement) => button.click())));
  const all = await Promise.all(pages.map((page) => marksOnceShown(page, pages.length - 1, CONNECT_WITHIN_MS)));
  let setup: number | null = null;
  if (all.every((m) => Object.keys(m.frames).length === pages.length - 1)) {
    const firstAccept = Math.min(...all.filter((m) => m.accept > 0).map((m) => m.accept));
    setup = Math.max(...all.flatMap((m) => Object.values(m.frames))) - firstAccept;
  }
  // Everyone still in the call hangs up (a group call goes on while two are in it), each page in
  // one step of its own: a call of two ends for the other page as the first hangs up.
  for (const page of pages) {
    await page.evaluate(() =>
      document.querySelector<HTMLButtonElement>('section[aria-label="Call"] button[aria-label="Hang up"]')?.click(),
    );
  }
  for (const page of pages) await callView(page).waitFor({ state: "hidden" });
  return setup;
}

/** The floor: two connections in one page, handing each other what they need directly. */
function barePair(page: Page) {
  return page.evaluate(async () => {
    const now = () => performance.now();
    const camera = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
    const start = now();
    const [a, b] = [new RTCPeerConnection(), new RTCPeerConnection()];
    a.onicecandidate = ({ candidate }) => candidate && void b.addIceCandidate(candidate);
    b.onicecandidate = ({ candidate }) => candidate && void a.addIceCandidate(candidate);
    for (const track of camera.getTracks()) a.addTrack(track, camera);
    const shown = new Promise<number>((resolve) => {
      b.ontrack = ({ track }) => {
        if (track.kind !== "video") return;
        const video = document.createElement("video");
        video.muted = true;
        video.srcObject = new MediaStream([track]);
        video.requestVideoFrameCallback(() => resolve(now()));
        void video.play();
      };
    });
    await a.setLocalDescription();
    await b.setRemoteDescription(a.localDescription!);
    await b.setLocalDescription();
    await a.setRemoteDescription(b.localDescription!);
    const firstFrame = await shown;
    for (const pc of [a, b]) pc.close();
    for (const track of camera.getTracks()) track.stop();
    return firstFrame - start;
  });
}

const stats = (values: number[]) =>
  values.length === 0
    ? null
    : {
        p50: percentile(values, 50),
        p95: percentile(values, 95),
        min: Math.min(...values),
        max: Math.max(...values),
      };

/** The members' pages, and the chat that holds each size of call: private for two, a group for three and four. */
async function setUp(browser: Browser, origin: string) {
  const members = await crew(origin, "call", NAMES);
  const [ada, bob, cy] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]];
  const chats = new Map<number, string>([
    [2, (await ada.api.trpc.chats.openPrivate.mutate({ friendId: bob.id })).chatId],
    [3, (await ada.api.trpc.chats.createGroup.mutate({ name: "Three", memberIds: [bob.id, cy.id] })).chatId],
    [
      4,
      (
        await ada.api.trpc.chats.createGroup.mutate({
          name: "Four",
          memberIds: members.slice(1).map((m) => m.id),
        })
      ).chatId,
    ],
  ]);
  const pages = [];
  for (const member of members)
    pages.push(await instrumentedPage(browser, origin, member.api.cookies, "/dashboard", instrument));
  return { pages, chats };
}

async function main() {
  const counts = callCounts();
  const host = await startHost({
    needsBuild: true,
    rooms: true,
    env: { RATE_LIMIT_SIGNUP_PER_IP: "100000", RATE_LIMIT_SIGNIN_PER_IP: "100000" },
  });
  const browser = await launchChromium(fakeMediaArgs());
  try {
    const { pages, chats } = await setUp(browser, host.url);
    const results: { size: number; calls: number; connected: number; setup: ReturnType<typeof stats> }[] = [];
    for (const [size, calls] of counts) {
      const inCall = pages.slice(0, size);
      await pages[0]!.goto(`${host.url}/chat/${chats.get(size)}`);
      await pages[0]!.getByRole("banner").getByRole("button", { name: "Video call" }).waitFor();
      for (let i = 0; i < WARM_UP; i++) await oneCall(inCall);
      const setups: number[] = [];
      for (let i = 0; i < calls; i++) {
        const setup = await oneCall(inCall);
        if (setup !== null) setups.push(setup);
      }
      results.push({ size, calls, connected: setups.length, setup: stats(setups) });
    }
    for (let i = 0; i < WARM_UP; i++) await barePair(pages[1]!);
    const bare: number[] = [];
    for (let i = 0; i < BARE_PAIRS; i++) bare.push(await barePair(pages[1]!));
    const barePairs = stats(bare)!;

    printTable("Calls on loopback: Accept → the last pair's first frame, ms", [
      ...results.map(({ size, calls, connected, setup }) => ({
        measure: `${size} members`,
        connected: `${connected}/${calls}`,
        p50: setup ? fixed(setup.p50) : "-",
        p95: setup ? fixed(setup.p95) : "-",
        min: setup ? fixed(setup.min) : "-",
        max: setup ? fixed(setup.max) : "-",
        "p50 ÷ bare": setup ? fixed(setup.p50 / barePairs.p50) : "-",
      })),
      {
        measure: "bare RTCPeerConnection pair, same page",
        connected: `${BARE_PAIRS}/${BARE_PAIRS}`,
        p50: fixed(barePairs.p50),
        p95: fixed(barePairs.p95),
        min: fixed(barePairs.min),
        max: fixed(barePairs.max),
        "p50 ÷ bare": "1.0",
      },
    ]);
    const of = (size: number) => results.find((r) => r.size === size);
    const checks = [
      ...results.map(({ size, calls, connected }) => ({
        target: `${size} members: every call connected`,
        measured: `${connected}/${calls}`,
        met: connected === calls,
      })),
      ...[
        {
          size: 2,
          target: `2 members p50 ≤ ${TARGETS.twoMedianMs} ms`,
          limit: TARGETS.twoMedianMs,
          at: "p50" as const,
        },
        { size: 2, target: `2 members p95 ≤ ${TARGETS.twoP95Ms} ms`, limit: TARGETS.twoP95Ms, at: "p95" as const },
        { size: 4, target: `4 members p95 ≤ ${TARGETS.fourP95Ms} ms`, limit: TARGETS.fourP95Ms, at: "p95" as const },
      ]
        .filter(({ size }) => of(size)?.setup)
        .map(({ size, target, limit, at }) => {
          const value = of(size)!.setup![at];
          return { target, measured: fixed(value), met: value <= limit };
        }),
    ];
    printTable(
      "Targets",
      checks.map((c) => ({ target: c.target, measured: c.measured, met: c.met ? "yes" : "NO" })),
    );
    writeResults("calls", { targets: TARGETS, results, barePair: barePairs });
    if (checks.some((c) => !c.met)) process.exitCode = 1;
  } finally {
    await browser.close();
    await host.stop();
  }
}

await main();
