/**
 * Messages typed as fast as the keyboard goes: each shows once, in order, on the sender's screen at
 * once (as its own bubble) and on the friend's screen live, at no moment twice or out of place.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { test } from "./harness";
import { friendsInChat } from "./people";

const COUNT = 20;
const text = (i: number) => `burst message ${String(i).padStart(2, "0")}`;

/** What the page's message list has shown: every list of burst messages it held, in order. */
function recordList() {
  const seen: string[][] = [];
  const read = () => {
    const list = document.querySelector('[aria-label="Messages"]');
    const items = [...(list?.querySelectorAll("li") ?? [])];
    const texts = items.flatMap((li) => li.textContent?.match(/burst message \d\d/g) ?? []);
    if (texts.join() !== seen.at(-1)?.join()) seen.push(texts);
  };
  new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true });
  Object.assign(window, { __burst: seen });
}

const shown = (page: Page) => page.evaluate(() => (window as unknown as { __burst: string[][] }).__burst);

test("20 messages sent back to back show once each, in order, on both screens", async ({ newPage }) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Burst", "Bob Burst");
  for (const page of [ada.page, bob.page]) {
    await page.goto(`/chat/${chatId}`);
    await page.getByRole("main").getByText("No messages yet").waitFor();
  }
  await bob.page.getByRole("banner").getByText("Online", { exact: true }).waitFor();
  await ada.page.getByRole("banner").getByText("Online", { exact: true }).waitFor();
  await Promise.all([ada.page.evaluate(recordList), bob.page.evaluate(recordList)]);

  const box = ada.page.getByRole("textbox", { name: "Message" });
  const all = Array.from({ length: COUNT }, (_, i) => text(i));
  for (const message of all) {
    await box.fill(message);
    await box.press("Enter");
    // The sender's bubble is there before the next message is typed, and the composer empties with it.
    await expect.poll(async () => (await shown(ada.page)).at(-1)).toContain(message);
    expect(await box.inputValue()).toBe("");
  }

  const messages = (page: Page) => page.getByRole("list", { name: "Messages" });
  for (const page of [ada.page, bob.page]) {
    await messages(page)
      .getByText(text(COUNT - 1))
      .waitFor();
    await expect.poll(async () => (await shown(page)).at(-1)).toEqual(all);
    // Every list the page showed on the way held the messages in order, each once.
    for (const list of await shown(page)) expect(list).toEqual(all.slice(0, list.length));
  }
  // Stored, not only on their way.
  await expect.poll(() => ada.page.getByText("Sending…").count()).toBe(0);
});
