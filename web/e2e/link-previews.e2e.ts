// Own host: its link previews reach a stand-in site and a stand-in GitHub API that this file starts.
/**
 * Link previews as members see them: a GitHub pull request's card under the message, made by the
 * server from the stand-in API, on both members' pages; its author takes it off for both.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { startPreviewStandIn } from "@testing/preview-stand-ins";
import { ownLiveHostTest } from "./harness";
import { call, friendsInChat } from "./people";
import { messageList } from "./ui";

const test = ownLiveHostTest
  .extend("standIn", { scope: "file" }, async ({}, { onCleanup }) => {
    const standIn = await startPreviewStandIn();
    onCleanup(() => standIn.close());
    return standIn;
  })
  .override("appEnv", { scope: "file" }, async ({ standIn }) => standIn.env);

const PULL = "https://github.com/crewboard/crewboard/pull/42";
const card = (page: Page) => messageList(page).locator("[data-link-preview]");

test("a GitHub pull-request link shows its card from the stand-in on both pages, and its author can remove it", async ({
  newPage,
  standIn,
}) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Preview", "Bob Preview");
  await Promise.all([ada.page.goto(`/chat/${chatId}`), bob.page.goto(`/chat/${chatId}`)]);
  const box = ada.page.getByRole("textbox", { name: "Message" });
  await box.fill(`Could you review ${PULL} today?`);
  await box.press("Enter");

  for (const page of [ada.page, bob.page]) {
    const title = card(page).getByRole("link", { name: "Chat that reads like a developers' tool" });
    await title.waitFor();
    expect(await title.getAttribute("href")).toBe(PULL);
    const text = await card(page).innerText();
    expect(text).toContain("crewboard/crewboard");
    expect(text).toContain("Pull request #42");
    expect(text).toContain("Open");
    expect(text).toContain("by grace-hopper");
  }
  // The server asked the API; no browser did.
  expect(standIn.asked).toContain("/repos/crewboard/crewboard/pulls/42");

  const remove = { name: "Remove preview" };
  expect(await card(bob.page).getByRole("button", remove).count()).toBe(0);
  await card(ada.page).getByRole("button", remove).click();
  await Promise.all([card(ada.page).waitFor({ state: "detached" }), card(bob.page).waitFor({ state: "detached" })]);
  await bob.page.reload();
  await messageList(bob.page).getByText(PULL).waitFor();
  expect(await card(bob.page).count()).toBe(0);
});

test("a chat opened on 25 links shows every one's card", async ({ newPage, standIn }) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Links", "Bob Links");
  for (let n = 1; n <= 25; n++) {
    await call(ada, "chats.send", { chatId, clientId: crypto.randomUUID(), content: `${standIn.url}/plain?n=${n}` });
  }
  // A tall window, so that every one of the 25 rows is near the view and rendered at once.
  await bob.page.setViewportSize({ width: 1280, height: 2400 });
  await bob.page.goto(`/chat/${chatId}`);
  // More cards than one request to the API may ask for: the page's requests split, none refused.
  await card(bob.page).nth(24).waitFor();
  expect(await card(bob.page).count()).toBe(25);
});
