/**
 * How a chat's rows read and where their actions go: a sender's quick messages under one header, a
 * message's toolbar inside its own row at any width, and a phone's long press opening the actions as
 * a sheet.
 */
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { test } from "./harness";
import { befriend, call, friendsInChat, person, type Person } from "./people";
import { axeScanner, messageList } from "./ui";

/** The row of the message with this text (its own words, not a quote of it). */
const row = (page: Page, text: string) =>
  messageList(page)
    .getByRole("listitem")
    .filter({ has: page.getByText(text, { exact: true }) });
const toolbar = (page: Page) => page.getByRole("toolbar", { name: "Message actions" });

/** Stored through the API, as the sender's page would store it. */
const say = (who: Person, chatId: string, content: string, replyToId?: number) =>
  call<{ id: number; seq: number }>(who, "chats.send", { chatId, clientId: crypto.randomUUID(), content, replyToId });

/** Whether a member sees it: laid out larger than a screen reader's 1 px, and not faded out. */
const seen = (element: Locator) =>
  element.evaluate((el) => {
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) return false;
    for (let at: Element | null = el; at; at = at.parentElement) {
      if (getComputedStyle(at).opacity === "0") return false;
    }
    return true;
  });

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test("five quick messages from one sender read under one header, each line's time on hover and to screen readers; a reply starts anew", async ({
  newPage,
}) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Group", "Bob Group");
  const lines = ["First thought", "Second thought", "Third thought", "Fourth thought", "Fifth thought"];
  const sent = [];
  for (const line of lines) sent.push(await say(ada, chatId, line));
  await say(ada, chatId, "Back to the second", sent[1]!.id);
  await say(bob, chatId, "Noted, all five");
  await bob.page.goto(`/chat/${chatId}`);
  await row(bob.page, "Noted, all five").waitFor();

  // A reply quotes its original's words: the original's row is the first that holds them.
  const line = (text: string) => row(bob.page, text).first();
  const name = (text: string) => line(text).getByText("Ada Group", { exact: true }).first();
  const stamp = (text: string) => line(text).locator("time");
  // One header (name, time) above the five; each line still has its time, and its sender, for a screen reader.
  expect(await Promise.all(lines.map((text) => seen(name(text))))).toEqual([true, false, false, false, false]);
  expect(await Promise.all(lines.map((text) => seen(stamp(text))))).toEqual([true, false, false, false, false]);
  for (const text of lines.slice(1)) {
    const snapshot = await line(text).ariaSnapshot();
    expect(snapshot).toContain("Ada Group");
    expect(snapshot).toMatch(/\d{1,2}:\d{2}/);
  }
  // The five sit closer together than messages that start a group: the space between one's words and the next's.
  const words = (text: string) => line(text).getByText(text, { exact: true });
  const gap = async (upper: string, lower: string) => {
    const [a, b] = await Promise.all([words(upper).boundingBox(), words(lower).boundingBox()]);
    return b!.y - (a!.y + a!.height);
  };
  expect(await gap("First thought", "Second thought")).toBeLessThan(await gap("Back to the second", "Noted, all five"));

  // Hovering a line shows its own time beside it.
  await line("Third thought").hover();
  await expect.poll(() => seen(stamp("Third thought"))).toBe(true);
  expect(await seen(stamp("Fourth thought"))).toBe(false);
  const { found, scan } = axeScanner(bob.page);
  await scan("a group of messages, one hovered");
  expect(found).toEqual([]);

  // A reply starts a group of its own, though the same sender wrote just before; so does another sender.
  const reply = row(bob.page, "Back to the second");
  expect(await seen(reply.getByText("Ada Group", { exact: true }).first())).toBe(true);
  expect(await seen(reply.locator("time"))).toBe(true);
  expect(await seen(row(bob.page, "Noted, all five").locator("time"))).toBe(true);

  // Bob's own quick lines, typed now, go on under his: while on their way and once stored.
  const box = bob.page.getByRole("textbox", { name: "Message" });
  for (const text of ["Live one", "Live two"]) {
    await box.fill(text);
    await box.press("Enter");
  }
  await line("Live two").getByText("Sending…").waitFor({ state: "detached" });
  expect(await Promise.all(["Noted, all five", "Live one", "Live two"].map((text) => seen(stamp(text))))).toEqual([
    true,
    false,
    false,
  ]);
});

/** Where each piece of text of every message row but the `skip`th lies: its words, quote, name, time, reactions. */
const textBoxesBut = (list: Locator, skip: number) =>
  list.evaluate((ol, skip) => {
    const rows = [...ol.querySelectorAll("li[data-message-id]")].filter((_, i) => i !== skip);
    return rows.flatMap((row) => {
      const boxes: { x: number; y: number; width: number; height: number; text: string }[] = [];
      const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim();
        if (!text) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const { x, y, width, height } of range.getClientRects()) boxes.push({ x, y, width, height, text });
      }
      return boxes;
    });
  }, skip);

test("a message's toolbar covers no other message's text, name or time, on a wide screen and on a phone", async ({
  newPage,
}) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Toolbar", "Bob Toolbar");
  const first = await say(ada, chatId, "Short");
  await say(ada, chatId, "A second line from Ada, long enough to wrap on a phone's narrow screen and then some");
  await say(ada, chatId, "Third");
  const bobs = await say(bob, chatId, "Bob answers");
  await call(ada, "messages.react", { chatId, messageId: bobs.id, emoji: "👍", on: true });
  await say(bob, chatId, "ok");
  await say(bob, chatId, "On the first one", first.id);
  await say(ada, chatId, "Last word");
  const page = ada.page;
  await page.goto(`/chat/${chatId}`);
  await row(page, "Last word").waitFor();
  const rows = messageList(page).locator("li[data-message-id]");
  expect(await rows.count()).toBe(7);

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    for (let i = 0; i < 7; i++) {
      await rows.nth(i).hover();
      const bar = (await toolbar(page).boundingBox())!;
      // On screen whole, a phone's narrow one included.
      expect(bar.x).toBeGreaterThanOrEqual(0);
      expect(bar.x + bar.width).toBeLessThanOrEqual(width);
      const covered = (await textBoxesBut(messageList(page), i)).filter((box) => overlaps(bar, box));
      expect(
        covered.map((box) => box.text),
        `the toolbar of message ${i + 1} at ${width} px`,
      ).toEqual([]);
    }
  }
});

test("on a phone a group's later lines are as wide as its first, their time still read to screen readers", async ({
  newPage,
}) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Wide", "Bob Wide");
  const line = (n: number) => `Line ${n} of a message long enough to wrap on a phone's narrow screen`;
  await say(ada, chatId, line(1));
  await say(ada, chatId, line(2));
  const page = bob.page;
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/chat/${chatId}`);
  const words = (n: number) => row(page, line(n)).getByText(line(n), { exact: true });
  await words(2).waitFor();
  const [first, second] = [(await words(1).boundingBox())!, (await words(2).boundingBox())!];
  expect(Math.round(second.width)).toBe(Math.round(first.width));
  expect(Math.round(second.height)).toBe(Math.round(first.height));
  expect(await row(page, line(2)).locator("time").count()).toBe(1);
});

/**
 * Rests a finger on `target` until `opened` shows, then lifts it: a touch screen's long press, as the
 * phone sends it (touch events, the pointer events they make), not a click.
 */
async function longPress(page: Page, target: Locator, opened: Locator) {
  const box = (await target.boundingBox())!;
  const finger = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const touch = await page.context().newCDPSession(page);
  await touch.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [finger] });
  await opened.waitFor();
  await touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await touch.detach();
}

test("on a phone, a long press opens a message's actions as a sheet: a reaction picked there shows live, and Escape or a tap outside closes it", async ({
  newPage,
}) => {
  const phone = { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true };
  const ada = await person(() => newPage(phone), "Ada Phone");
  const bob = await person(newPage, "Bob Phone");
  await befriend(ada, bob);
  const { chatId } = await call<{ chatId: string }>(ada, "chats.openPrivate", { friendId: bob.id });
  await say(bob, chatId, "Lunch at noon?");
  await ada.page.goto(`/chat/${chatId}`);
  await bob.page.goto(`/chat/${chatId}`);
  const message = row(ada.page, "Lunch at noon?").getByText("Lunch at noon?", { exact: true });
  await message.waitFor();

  const sheet = ada.page.getByRole("dialog", { name: "Message actions" });
  await longPress(ada.page, message, sheet);
  // Along the bottom of the screen, its whole width, with who wrote it; every target a finger's size.
  const box = (await sheet.boundingBox())!;
  expect(box.width).toBe(375);
  expect(Math.round(box.y + box.height)).toBe(740);
  await sheet.getByText(/^Bob Phone, .*: Lunch at noon\?$/).waitFor();
  const heart = sheet.getByRole("button", { name: "React with heart" });
  expect((await heart.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect((await sheet.getByRole("button", { name: "Reply" }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect(await sheet.getByRole("button", { name: "Edit" }).count()).toBe(0);
  const { found, scan } = axeScanner(ada.page);
  await scan("a message's sheet");
  expect(found).toEqual([]);

  await heart.tap();
  await sheet.waitFor({ state: "detached" });
  await row(bob.page, "Lunch at noon?")
    .getByRole("button", { name: /^❤️ 1: Ada Phone$/ })
    .waitFor();
  expect(await toolbar(ada.page).count()).toBe(0);

  // Escape closes it, and so does a tap above it.
  await longPress(ada.page, message, sheet);
  await ada.page.keyboard.press("Escape");
  await sheet.waitFor({ state: "detached" });
  await longPress(ada.page, message, sheet);
  await ada.page.touchscreen.tap(187, 40);
  await sheet.waitFor({ state: "detached" });

  // Reply from the sheet goes to the composer, as from the toolbar.
  await longPress(ada.page, message, sheet);
  await sheet.getByRole("button", { name: "Reply" }).tap();
  await ada.page.getByRole("status").filter({ hasText: "Replying to Bob Phone" }).waitFor();
});
