/**
 * Code in chat, between two members in separate browsers: a fenced TypeScript block arrives live on
 * the friend's page highlighted, its Copy button puts the code on the clipboard, and a long line
 * scrolls inside the block on a phone-sized screen, never the page. The parser and the highlighter
 * arrive as the block does: the conversation stays at its newest message, and the page's Content
 * Security Policy (no eval, no inline script) refuses nothing they do.
 */
import type { Locator } from "playwright-core";
import { expect } from "vitest";
import { test } from "./harness";
import { call, friendsInChat } from "./people";
import { messageList } from "./ui";

const CODE = [
  'import { passes } from "./orbit";',
  "const nextPass = passes.find((pass) => pass.elevation > 30 && pass.start > Date.now()); // worth going out for",
  "console.log(nextPass?.start ?? 42);",
].join("\n");

/** The box the conversation scrolls in. */
const scroller = (list: Locator) => list.locator("xpath=..");
/** How far the conversation is scrolled above its newest message. */
const gapBelow = (list: Locator) => scroller(list).evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);

test("a fenced TypeScript block shows highlighted on both pages, live, and Copy puts its code on the clipboard", async ({
  newPage,
}) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Code", "Bob Code");
  // A screenful of talk before it, so the conversation scrolls.
  for (let i = 1; i <= 12; i++) {
    await call(ada, "chats.send", { chatId, clientId: crypto.randomUUID(), content: `Pass ${i} is over the ridge` });
  }
  await bob.page.setViewportSize({ width: 375, height: 740 });
  for (const { page } of [ada, bob]) {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.addInitScript(() => {
      const refused: string[] = [];
      Object.assign(window, { refused });
      addEventListener("securitypolicyviolation", (e) => refused.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await page.goto(`/chat/${chatId}`);
    // Read down to the newest message, where the conversation then stays.
    await messageList(page).getByText("Pass 12 is over the ridge").waitFor();
    await scroller(messageList(page)).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect.poll(() => gapBelow(messageList(page))).toBeLessThan(2);
  }
  // Both sockets are open: what Ada sends reaches Bob's page as it is.
  for (const { page } of [ada, bob]) await page.getByRole("banner").getByText("Online", { exact: true }).waitFor();

  await ada.page.getByRole("textbox", { name: "Message" }).fill(`Try **this**:\n\`\`\`ts\n${CODE}\n\`\`\``);
  await ada.page.getByRole("button", { name: "Send" }).click();

  for (const { page } of [ada, bob]) {
    const message = messageList(page)
      .getByRole("listitem")
      .filter({ has: page.locator("[data-code-block]") });
    const block = message.locator("[data-code-block]");
    await block.locator(".hljs-keyword").filter({ hasText: "const" }).waitFor();
    expect(await block.locator("code").textContent()).toBe(CODE);
    expect(await message.locator("strong").textContent()).toBe("this");
    expect(await message.getByText("```").count()).toBe(0);
    // Its tokens are coloured apart from the code around them.
    const colour = (selector: string) =>
      block
        .locator(selector)
        .first()
        .evaluate((el) => getComputedStyle(el).color);
    const plain = await colour("code");
    expect(await colour(".hljs-keyword")).not.toBe(plain);
    expect(await colour(".hljs-string")).not.toBe(plain);
    expect(await colour(".hljs-comment")).not.toBe(plain);
    // The block grew the conversation as it arrived: the view followed it to the bottom.
    await expect.poll(() => gapBelow(messageList(page))).toBeLessThan(2);
  }

  // On Bob's phone the long line scrolls inside the block; the page stays put.
  const pre = messageList(bob.page).locator("[data-code-block] pre");
  const widths = await pre.evaluate((el) => ({
    block: el.clientWidth,
    code: el.scrollWidth,
    page: document.documentElement.scrollWidth,
  }));
  expect(widths.code).toBeGreaterThan(widths.block);
  expect(widths.page).toBeLessThanOrEqual(375);

  const copy = messageList(bob.page).getByRole("button", { name: "Copy code" });
  await copy.click();
  await messageList(bob.page).getByRole("button", { name: "Copied" }).waitFor();
  expect(await bob.page.evaluate(() => navigator.clipboard.readText())).toBe(CODE);
  // The button says so briefly, then offers to copy again.
  await copy.waitFor();
  for (const { page } of [ada, bob]) {
    expect(await page.evaluate(() => (window as unknown as { refused: string[] }).refused)).toEqual([]);
  }
});
