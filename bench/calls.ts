/**
 * A call as the callee sees it start: Ada's page calls, Bob's page rings, Bob presses Accept, and
 * the time until the first frame of Ada's camera is on Bob's screen (and Bob's on Ada's) is taken
 * inside the pages on one clock (`performance.timeOrigin + performance.now()`, the frame by
 * `requestVideoFrameCallback`). 20 calls one after the other on loopback, Chromium's fake camera,
 * beside a bare RTCPeerConnection pair in Bob's page (offer, answer and candidates handed over
 * directly, no server): what connecting and the first frame cost by themselves. The difference is
 * what the app adds: media opened after Accept, a ticket, the room's socket, the join, and the
 * signals relayed through the room.
 */
import type { Page } from "playwright-core";
import { fakeMediaArgs, launchChromium } from "../testing/chromium";
import { fixed, instrumentedPage, percentile, printTable, startHost, twoFriends, writeResults } from "./lib";

const CALLS = 20;
const WARM_UP = 2;
const TARGETS = { medianMs: 1000, p95Ms: 2500 };

interface Marks {
  accept: number;
  firstFrame: number;
}
type Instrumented = Window & { __calls: Marks };

/** Runs in both pages before the app: when Accept is pressed, and when a remote video first shows a frame. */
function instrument() {
  const now = () => performance.timeOrigin + performance.now();
  const marks = { accept: 0, firstFrame: 0 };
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
      video.requestVideoFrameCallback(() => {
        if (!marks.firstFrame) marks.firstFrame = now();
      });
    }
  }).observe(document, { subtree: true, childList: true });
}

const marks = (page: Page) => page.evaluate(() => ({ ...(window as unknown as Instrumented).__calls }));
const reset = (page: Page) =>
  page.evaluate(() => Object.assign((window as unknown as Instrumented).__calls, { accept: 0, firstFrame: 0 }));

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** One call: Ada rings, Bob answers; the times from Accept to each side's first remote frame. */
async function oneCall(ada: Page, bob: Page) {
  await Promise.all([reset(ada), reset(bob)]);
  await ada.getByRole("banner").getByRole("button", { name: "Video call" }).click();
  await bob.getByRole("dialog", { name: "Ada" }).getByRole("button", { name: "Accept" }).click();
  const atBob = await until(
    "Ada's first frame at Bob",
    () => marks(bob),
    (m) => m.firstFrame > 0,
  );
  const atAda = await until(
    "Bob's first frame at Ada",
    () => marks(ada),
    (m) => m.firstFrame > 0,
  );
  await ada.getByRole("region", { name: "Call" }).getByRole("button", { name: "Hang up" }).click();
  for (const page of [ada, bob]) await page.getByRole("region", { name: "Call" }).waitFor({ state: "hidden" });
  return { callee: atBob.firstFrame - atBob.accept, caller: atAda.firstFrame - atBob.accept };
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

const stats = (values: number[]) => ({
  p50: percentile(values, 50),
  p95: percentile(values, 95),
  min: Math.min(...values),
  max: Math.max(...values),
});

async function main() {
  const host = await startHost({
    needsBuild: true,
    rooms: true,
    env: { RATE_LIMIT_SIGNUP_PER_IP: "100000", RATE_LIMIT_SIGNIN_PER_IP: "100000" },
  });
  const browser = await launchChromium(fakeMediaArgs());
  try {
    const { ada: adaApi, bob: bobApi, chatId } = await twoFriends(host.url, "call");
    const bob = await instrumentedPage(browser, host.url, bobApi.cookies, "/dashboard", instrument);
    const ada = await instrumentedPage(browser, host.url, adaApi.cookies, `/chat/${chatId}`, instrument);
    await ada.getByRole("banner").getByRole("button", { name: "Video call" }).waitFor();

    for (let i = 0; i < WARM_UP; i++) await oneCall(ada, bob);
    const calls: { callee: number; caller: number }[] = [];
    for (let i = 0; i < CALLS; i++) calls.push(await oneCall(ada, bob));
    for (let i = 0; i < WARM_UP; i++) await barePair(bob);
    const bare: number[] = [];
    for (let i = 0; i < CALLS; i++) bare.push(await barePair(bob));

    const figures = {
      calleeFirstFrame: stats(calls.map((c) => c.callee)),
      callerFirstFrame: stats(calls.map((c) => c.caller)),
      barePair: stats(bare),
    };
    printTable(`${CALLS} calls on loopback: ms`, [
      { measure: "Accept → Ada's first frame on Bob's screen", ...row(figures.calleeFirstFrame) },
      { measure: "Accept → Bob's first frame on Ada's screen", ...row(figures.callerFirstFrame) },
      { measure: "bare RTCPeerConnection pair, same page", ...row(figures.barePair) },
    ]);
    const checks = [
      {
        target: `callee's first frame p50 ≤ ${TARGETS.medianMs} ms`,
        value: figures.calleeFirstFrame.p50,
        met: figures.calleeFirstFrame.p50 <= TARGETS.medianMs,
      },
      {
        target: `callee's first frame p95 ≤ ${TARGETS.p95Ms} ms`,
        value: figures.calleeFirstFrame.p95,
        met: figures.calleeFirstFrame.p95 <= TARGETS.p95Ms,
      },
      {
        target: "call ÷ bare pair (p50)",
        value: figures.calleeFirstFrame.p50 / figures.barePair.p50,
        met: true,
      },
    ];
    printTable(
      "Targets",
      checks.map((c) => ({ target: c.target, measured: fixed(c.value), met: c.met ? "yes" : "NO" })),
    );
    writeResults("calls", { targets: TARGETS, calls: CALLS, ...figures });
    if (checks.some((c) => !c.met)) process.exitCode = 1;
  } finally {
    await browser.close();
    await host.stop();
  }
}

function row(s: ReturnType<typeof stats>) {
  return { p50: fixed(s.p50), p95: fixed(s.p95), min: fixed(s.min), max: fixed(s.max) };
}

await main();
