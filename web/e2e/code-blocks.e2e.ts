/**
 * Code in chat, between two members in separate browsers: a fenced TypeScript block arrives live on
 * the friend's page highlighted, its Copy button puts the code on the clipboard, and a long line
 * scrolls inside the block on a phone-sized screen, never the page.
 */
import { expect } from "vitest";
import { test } from "./harness";
import { friendsInChat } from "./people";
import { messageList } from "./ui";

const CODE = [
  'import { passes } from "./orbit";',
  "const nextPass = passes.find((pass) => pass.elevation > 30 && pass.start > Date.now()); // worth going out for",
  "console.log(nextPass?.start ?? 42);",
].join("\n");

test("a fenced TypeScript block shows highlighted on both pages, live, and Copy puts its code on the clipboard", async ({
  newPage,
}) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Code", "Bob Code");
  await bob.page.setViewportSize({ width: 375, height: 740 });
  for (const { page } of [ada, bob]) {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto(`/chat/${chatId}`);
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
});
