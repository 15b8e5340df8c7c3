// Own host: a browser with fake media devices, and calls load both cores enough to slow whatever shares the host.
/**
 * A call between two members in separate browsers with Chromium's fake camera and microphone,
 * through the rooms as `npm start` runs them: ringing on every page, video both ways (the decoders'
 * own counts, from getStats), mute, hang up, decline, no answer, a reload mid-call, a refused camera,
 * the speaking ring of a voice call, the call's chat panel, the call going on under a bar while the
 * member moves about the app, and the ringing dialog, the call view (its tiles 16:9), its chat and
 * its bar at 1280 and 375, light and dark. Calls of three and four, and pairs whose signals go
 * astray, are in group-calls.e2e.ts.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import {
  answer,
  audioReceived,
  audioSent,
  CALL_TEST_MS,
  callBar,
  callView,
  framesDecoded,
  keepsRising,
  openAt,
  pause,
  ringing,
  rosterSays,
  tileOf,
  tilesSettle,
} from "./call-pages";
import { mediaTest as test } from "./harness";
import { contrastViolations, findLayoutDefects, settleAnimations } from "./layout-defects";
import { befriend, call, friendsInChat, person } from "./people";
import { messageList, toast } from "./ui";

/** The look of each state of a call (ringing, calling, in the call, its chat, its bar) in four views each. */
const LOOKS_TEST_MS = 240_000;
const SHOTS = fileURLToPath(new URL("../../.e2e-artifacts/calls", import.meta.url));

test(
  "a friend's card calls, every page of the callee rings, one answers, video flows both ways, mute and hang up",
  async ({ newPage }) => {
    const ada = await person(newPage, "Ada Caller");
    const bob = await person(newPage, "Bob Callee");
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
  async ({ newPage }) => {
    const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Declined", "Bob Declines");
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
  async ({ newPage }) => {
    const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Unanswered", "Bob Away");
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
  "a voice call is a row of avatars whose ring lights while that person speaks, and not while muted",
  async ({ newPage }) => {
    const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Speaking", "Bob Listening");
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
  async ({ newPage }) => {
    const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Steady", "Bob Reloads");
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
  async ({ newPage }) => {
    const { ada, bob, chatId } = await friendsInChat(newPage, "Ada No Camera", "Bob Sees");
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
  async ({ newPage }) => {
    const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Looks", "Bob Linus Benedict Looks-Lovelace");
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
  async ({ newPage }) => {
    const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Chatting", "Bob In Call");
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
  async ({ newPage }) => {
    const ada = await person(newPage, "Ada Moving");
    const bob = await person(newPage, "Bob Staying");
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
