/**
 * Chats between members in separate browsers, live through the rooms (started as `npm start`
 * starts them): messages both ways without a reload, typing, history after a reload, the unread
 * badge, a group of three, leaving, and a stranger kept out.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { test } from "./harness";
import { findLayoutDefects } from "./layout-defects";
import { befriend, call, friendsInChat, groupChat, person } from "./people";
import { expectUrl, messageList } from "./ui";

async function sendMessage(page: Page, text: string) {
  const box = page.getByRole("textbox", { name: "Message" });
  await box.fill(text);
  await box.press("Enter");
}

test("two friends chat live both ways, see each other typing, and keep the history after a reload", async ({
  newPage,
}) => {
  const ada = await person(newPage, "Ada Live");
  const bob = await person(newPage, "Bob Live");
  await befriend(ada, bob);

  // Ada starts the chat from Bob's friend card; Bob finds it under Chats.
  await ada.page.goto("/friends");
  await ada.page.getByRole("button", { name: "Message" }).click();
  await ada.page.waitForURL(/\/chat\/[^/]+$/);
  const chatId = new URL(ada.page.url()).pathname.split("/").pop()!;
  await bob.page.goto("/friends");
  await bob.page.getByRole("tab", { name: "Chats (1)" }).click();
  await bob.page
    .getByRole("list", { name: "Chats" })
    .getByRole("link", { name: /Ada Live/ })
    .click();
  await expectUrl(bob.page, `/chat/${chatId}`);
  await bob.page.getByRole("main").getByText("No messages yet").waitFor();
  await bob.page.getByRole("heading", { name: "Ada Live" }).waitFor();

  // The send button waits for something to send.
  const adaSend = ada.page.getByRole("button", { name: "Send" });
  expect(await adaSend.isDisabled()).toBe(true);
  await ada.page.getByRole("textbox", { name: "Message" }).fill("   ");
  expect(await adaSend.isDisabled()).toBe(true);

  // Typing is never stored: it reaches only pages whose socket is open, so both must be online first.
  await bob.page.getByRole("banner").getByText("Online", { exact: true }).waitFor();
  await ada.page.getByRole("banner").getByText("Online", { exact: true }).waitFor();
  await ada.page.getByRole("textbox", { name: "Message" }).pressSequentially("Hello");
  await bob.page.getByText("Ada Live is typing…").waitFor();
  await ada.page.getByRole("textbox", { name: "Message" }).press("Shift+Enter");
  await ada.page.getByRole("textbox", { name: "Message" }).pressSequentially("Bob, see https://example.com/docs");
  await ada.page.getByRole("textbox", { name: "Message" }).press("Enter");

  await messageList(bob.page).getByText("Hello").waitFor();
  // Her message ends her typing hint at once, long before a hint fades on its own (4 s).
  await bob.page.getByText("Ada Live is typing…").waitFor({ state: "hidden", timeout: 1000 });
  await bob.page.getByRole("banner").getByText("Online", { exact: true }).waitFor({ timeout: 1000 });
  const link = messageList(bob.page).getByRole("link", { name: "https://example.com/docs" });
  expect(await link.getAttribute("rel")).toContain("noopener");
  await sendMessage(bob.page, "Hi Ada <b>not bold</b>");
  await messageList(ada.page).getByText("Hi Ada <b>not bold</b>").waitFor();
  expect(await messageList(ada.page).locator("b").count()).toBe(0);

  await bob.page.reload();
  await messageList(bob.page).getByText("Hi Ada <b>not bold</b>").waitFor();
  // The chat's outline, which the address was served with, has given way to the chat.
  expect(await bob.page.locator("[data-outline]").isHidden()).toBe(true);
  expect(await bob.page.getByRole("link", { name: "Back to Friends & Chats" }).count()).toBe(1);
  const texts = await messageList(bob.page).getByRole("listitem").allTextContents();
  expect(texts.filter((t) => t.includes("Hello")).length).toBe(1);
  expect(texts.findIndex((t) => t.includes("Hello"))).toBeLessThan(texts.findIndex((t) => t.includes("Hi Ada")));
});

test("the unread badge counts while the friend is elsewhere and clears when they open the chat", async ({
  newPage,
}) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Badge", "Bob Badge");
  await bob.page.goto("/dashboard");
  await ada.page.goto(`/chat/${chatId}`);

  await sendMessage(ada.page, "one");
  await sendMessage(ada.page, "two");
  const badge = bob.page
    .getByRole("navigation", { name: "App" })
    .first()
    .getByRole("link", { name: "Friends, 2 unread" });
  await badge.waitFor();

  await bob.page.goto("/friends");
  await bob.page.getByRole("tab", { name: "Chats (1)" }).click();
  await bob.page.getByRole("list", { name: "Chats" }).getByLabel("2 unread").waitFor();
  await bob.page
    .getByRole("list", { name: "Chats" })
    .getByRole("link", { name: /Ada Badge/ })
    .click();
  await messageList(bob.page).getByText("two").waitFor();
  await bob.page.getByRole("link", { name: "Back to Friends & Chats" }).click();
  await bob.page
    .getByRole("navigation", { name: "App" })
    .first()
    .getByRole("link", { name: "Friends", exact: true })
    .waitFor();
});

test("a group of three talks, one leaves, and the others read that they left", async ({ newPage }) => {
  const {
    chatId,
    members: [ada, bob, cy],
  } = await groupChat(newPage, "Engine Room", ["Ada Group", "Bob Group", "Cy Group"]);

  for (const who of [ada, bob, cy]) await who.page.goto(`/chat/${chatId}`);
  await ada.page.getByRole("banner").getByText("3 members").waitFor();
  await sendMessage(ada.page, "Welcome, both");
  await sendMessage(bob.page, "Thanks Ada");
  await sendMessage(cy.page, "Hello team");
  for (const who of [ada, bob, cy]) {
    for (const text of ["Welcome, both", "Thanks Ada", "Hello team"])
      await messageList(who.page).getByText(text).waitFor();
  }

  await cy.page.getByRole("button", { name: "Chat menu" }).click();
  await cy.page.getByRole("menuitem", { name: "Leave Chat" }).click();
  await cy.page.getByRole("alertdialog").getByRole("button", { name: "Leave Chat" }).click();
  await expectUrl(cy.page, "/friends");
  await cy.page.getByRole("tab", { name: /Groups/ }).click();
  await cy.page.getByText("No groups yet").waitFor();

  await messageList(ada.page).getByText("Cy Group left the chat").waitFor();
  await messageList(bob.page).getByText("Cy Group left the chat").waitFor();
  await ada.page.getByRole("banner").getByText("2 members").waitFor();

  // The admin brings Cy back from her friends.
  await ada.page.getByRole("button", { name: "Chat menu" }).click();
  await ada.page.getByRole("menuitem", { name: "View Members" }).click();
  await ada.page.getByRole("button", { name: "Add Cy Group" }).click();
  await ada.page.getByRole("dialog").getByText("Every friend of yours is in this group.").waitFor();
  await ada.page.keyboard.press("Escape");
  await ada.page.getByRole("banner").getByText("3 members").waitFor();
});

test("someone who is not in the chat is sent to Friends & Chats", async ({ newPage }) => {
  const ada = await person(newPage, "Ada Private");
  const bob = await person(newPage, "Bob Private");
  const eve = await person(newPage, "Eve Outsider");
  await befriend(ada, bob);
  const { chatId } = await call<{ chatId: string }>(ada, "chats.openPrivate", { friendId: bob.id });
  await eve.page.goto(`/chat/${chatId}`);
  await expectUrl(eve.page, "/friends");
  await eve.page.goto("/chat/no-such-chat");
  await expectUrl(eve.page, "/friends");
});

test("a send that fails stays visible with Retry, and the retry stores it once", async ({ newPage }) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Retry", "Bob Retry");
  await ada.page.goto(`/chat/${chatId}`);
  await ada.page.getByRole("main").getByText("No messages yet").waitFor();

  await ada.page.route("**/api/trpc/chats.send**", (route) => route.abort());
  await sendMessage(ada.page, "through the storm");
  await ada.page.getByText("Not sent.").waitFor();
  await ada.page.unroute("**/api/trpc/chats.send**");
  await ada.page.getByRole("button", { name: "Retry" }).click();
  await ada.page.getByText("Not sent.").waitFor({ state: "detached" });

  await bob.page.goto(`/chat/${chatId}`);
  await messageList(bob.page).getByText("through the storm").waitFor();
  expect(await messageList(bob.page).getByText("through the storm").count()).toBe(1);

  const tooLong = "x".repeat(4001);
  await bob.page.getByRole("textbox", { name: "Message" }).fill(tooLong);
  await bob.page.getByText("Messages can be at most 4,000 characters.").waitFor();
  expect(await bob.page.getByRole("button", { name: "Send" }).isDisabled()).toBe(true);
});

test("the menu's code is fetched once the messages show, and the menu works when it has arrived", async ({
  newPage,
}) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Menu", "Bob Menu");
  await call(bob, "chats.send", { chatId, clientId: "menu-test-0001", content: "Before the menu" });

  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let messagesShownWhenAsked: boolean | undefined;
  await ada.page.route("**/assets/chat-menu-*.js", async (route) => {
    messagesShownWhenAsked ??= await messageList(ada.page).getByText("Before the menu").isVisible();
    await held;
    await route.continue();
  });
  await ada.page.goto(`/chat/${chatId}`);
  await messageList(ada.page).getByText("Before the menu").waitFor();
  const menu = ada.page.getByRole("button", { name: "Chat menu" });
  expect(await menu.isDisabled()).toBe(true);
  await expect.poll(() => messagesShownWhenAsked).toBe(true);

  release();
  await menu.click();
  await ada.page.getByRole("menuitem", { name: "View Profile" }).click();
  await ada.page.getByRole("dialog", { name: "Bob Menu" }).waitFor();
});

test("opening a chat asks at most once for what came after its first page, and a new message still shows live", async ({
  newPage,
}) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Once", "Bob Once");
  await call(bob, "chats.send", { chatId, clientId: "once-test-0001", content: "First words" });

  // Each catch-up is a chats.messages call with an afterSeq, alone or inside a batch.
  let catchUps = 0;
  ada.page.on("request", (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith("/api/trpc/")) return;
    const procedures = url.pathname.split("/").pop()!.split(",");
    const inputs = JSON.parse(url.searchParams.get("input") ?? "{}") as Record<string, { json?: object }>;
    procedures.forEach((procedure, i) => {
      const input = inputs[i]?.json;
      if (procedure === "chats.messages" && input && "afterSeq" in input) catchUps++;
    });
  });

  await ada.page.goto(`/chat/${chatId}`);
  await messageList(ada.page).getByText("First words").waitFor();
  // The room's welcome decides: none when it vouches for what the first page holds, one when it
  // woke too late to (it depends on how long the page took), never one per frame or render.
  await ada.page.waitForTimeout(1500);
  expect(catchUps).toBeLessThanOrEqual(1);

  await call(bob, "chats.send", { chatId, clientId: "once-test-0002", content: "Still live" });
  await messageList(ada.page).getByText("Still live").waitFor();
  expect(await messageList(ada.page).getByText("First words").count()).toBe(1);
});

test("a frame the page never got still shows once the member's own next message reveals the gap", async ({
  newPage,
}) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Gap", "Bob Gap");

  // Bob's page loses the room's frames while `dropping` is on, as a flaky connection might.
  let dropping = false;
  await bob.page.routeWebSocket(/\/parties\/chat-room\//, (page) => {
    const room = page.connectToServer();
    room.onMessage((frame) => {
      if (!(dropping && String(frame).includes("Lost on the way"))) page.send(frame);
    });
  });
  await ada.page.goto(`/chat/${chatId}`);
  await bob.page.goto(`/chat/${chatId}`);
  await bob.page.getByRole("main").getByText("No messages yet").waitFor();
  // Ada shows as online: Bob's socket is open and hearing from the room.
  await bob.page.getByText("Online", { exact: true }).waitFor();

  dropping = true;
  await sendMessage(ada.page, "Lost on the way");
  await messageList(ada.page).getByText("Lost on the way").waitFor();
  await bob.page.waitForTimeout(500);
  // The chat list's preview hears of it through Bob's member room; the open chat has missed it.
  expect(await messageList(bob.page).getByText("Lost on the way").count()).toBe(0);

  await sendMessage(bob.page, "Did you write?");
  await messageList(bob.page).getByText("Lost on the way").waitFor();
  const texts = await messageList(bob.page).getByRole("listitem").allTextContents();
  expect(texts.findIndex((t) => t.includes("Lost on the way"))).toBeLessThan(
    texts.findIndex((t) => t.includes("Did you write?")),
  );
});

test("a long chat opens at its newest message, loads older ones above without moving the view, and a new one raises a pill", async ({
  newPage,
}) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Scroll", "Bob Scroll");
  const note = (n: number) => `Note ${String(n).padStart(2, "0")}`;
  for (let n = 1; n <= 60; n++) {
    await call(bob, "chats.send", { chatId, clientId: `scroll-test-${String(n).padStart(4, "0")}`, content: note(n) });
  }
  // Ada has read them (a chat with unread opens at its 'New messages' line: messages.e2e.ts).
  await call(ada, "chats.markRead", { chatId, seq: 60 });
  const list = messageList(ada.page);
  const scroller = ada.page.getByTestId("message-scroller");
  const fromBottom = () => scroller.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);

  // The newest 50, scrolled to the newest.
  await ada.page.goto(`/chat/${chatId}`);
  await list.getByText(note(60), { exact: true }).waitFor();
  await expect.poll(fromBottom).toBeLessThan(2);
  expect(await list.getByText(note(10), { exact: true }).count()).toBe(0);

  // Scrolling to the top brings the rest in above, and what was at the top stays where it was.
  const oldestShown = list.getByText(note(11), { exact: true });
  await scroller.evaluate((el) => (el.scrollTop = 0));
  const topBefore = (await oldestShown.boundingBox())!.y;
  await list.getByText(note(1), { exact: true }).waitFor();
  await expect.poll(async () => Math.abs((await oldestShown.boundingBox())!.y - topBefore)).toBeLessThan(40);
  expect(await list.getByText(note(1), { exact: true }).isVisible()).toBe(true);
  expect(
    await list.getByText(note(1), { exact: true }).evaluate((el) => el.getBoundingClientRect().bottom),
  ).toBeLessThan(topBefore);

  // Scrolled up, a new message does not move the view: a pill says it came, and takes Ada to it.
  await call(bob, "chats.send", { chatId, clientId: "scroll-test-0061", content: "Fresh news" });
  const pill = ada.page.getByRole("button", { name: "New messages" });
  await pill.waitFor();
  expect(await fromBottom()).toBeGreaterThan(100);
  await pill.click();
  await expect.poll(fromBottom).toBeLessThan(2);
  expect(await list.getByText("Fresh news").isVisible()).toBe(true);
  await pill.waitFor({ state: "detached" });
});

test("a page the room refuses tries again after 1, 2 and 5 s, then every 10 s, and catches up once it is let in", async ({
  newPage,
}) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Backoff", "Bob Backoff");

  // Every ticket Ada's page is given is spoiled, so the chat's room refuses each connection.
  let refusing = true;
  await ada.page.route("**/api/trpc/**", async (route) => {
    const procedures = new URL(route.request().url()).pathname.split("/").pop()!.split(",");
    const at = procedures.indexOf("chats.ticket");
    if (!refusing || at < 0) return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as unknown;
    const answers = (Array.isArray(body) ? body : [body]) as { result: { data: { json: { ticket: string } } } }[];
    answers[at]!.result.data.json.ticket = "spoiled";
    await route.fulfill({ response, json: body });
  });
  let attempts = 0;
  let refused = 0;
  ada.page.on("websocket", (socket) => {
    if (!socket.url().includes("/parties/chat-room/")) return;
    attempts++;
    socket.on("close", () => refused++);
  });
  // The page notes, in its own time, when a chat-room socket is first refused.
  await ada.page.addInitScript(() => {
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        if (!String(url).includes("/parties/chat-room/")) return;
        this.addEventListener("close", () => {
          (window as { refusedAt?: number }).refusedAt ??= Date.now();
        });
      }
    };
  });

  // The page's time stands still from the start and moves only when the test moves it, so the
  // back-off is timed on the page's own clock, whatever the machine's load does to the test's.
  const start = Date.now();
  await ada.page.clock.install({ time: start });
  await ada.page.clock.pauseAt(start + 60_000);
  await ada.page.goto(`/chat/${chatId}`);
  const firstRefusal = () => ada.page.evaluate(() => (window as { refusedAt?: number }).refusedAt ?? null);
  const empty = ada.page.getByRole("main").getByText("No messages yet");
  // Moved a few milliseconds at a time until the chat shows and its room has refused the first socket.
  let refusedAt: number | null;
  while ((refusedAt = await firstRefusal()) === null || !(await empty.isVisible())) await ada.page.clock.runFor(10);
  const sinceRefusal = (await ada.page.evaluate(() => Date.now())) - refusedAt;
  expect(sinceRefusal, "the page's time since the first refusal").toBeLessThan(500);
  await expect.poll(() => refused).toBe(1);

  const triesAfter = async (ms: number, gone = 0) => {
    const before = attempts;
    await ada.page.clock.runFor(ms - 300 - gone);
    await ada.page.waitForTimeout(300);
    expect(attempts, `no try before ${ms} ms`).toBe(before);
    await ada.page.clock.runFor(600);
    await expect.poll(() => attempts, { message: `a try after ${ms} ms`, timeout: 5000 }).toBe(before + 1);
    // The next delay starts when this try is refused.
    await expect.poll(() => refused, { timeout: 5000 }).toBe(attempts);
    await ada.page.waitForTimeout(100);
  };
  await triesAfter(1000, sinceRefusal);
  await triesAfter(2000);
  await triesAfter(5000);
  await triesAfter(10_000);
  await triesAfter(10_000);

  // Bob writes while Ada's page is shut out; once a ticket is honoured again, it shows.
  await call(bob, "chats.send", { chatId, clientId: "backoff-test-01", content: "While you were away" });
  refusing = false;
  await ada.page.clock.runFor(10_300);
  await ada.page.clock.resume();
  await messageList(ada.page).getByText("While you were away").waitFor();
});

test("a friend request reaches the other member's open page at once: the Requests badge counts it", async ({
  newPage,
}) => {
  const ada = await person(newPage, "Ada Asks");
  const bob = await person(newPage, "Bob Asked");
  await bob.page.goto("/dashboard");
  const requests = bob.page.getByRole("navigation", { name: "App" }).first();
  await requests.getByRole("link", { name: "Requests", exact: true }).waitFor();

  await call(ada, "friends.request", { memberId: bob.id });
  await requests.getByRole("link", { name: "Requests, 1 waiting" }).waitFor();
});

test("a page whose first tickets fail opens its member room on the reconnects' back-off, and the Requests badge goes live", async ({
  newPage,
}) => {
  const ada = await person(newPage, "Ada Knocks");
  const bob = await person(newPage, "Bob Offline");

  // The onboarding page Bob signed up on has a member room of its own; it must not be the socket seen below.
  await bob.page.goto("about:blank");
  // Bob's page is offline for its first two member-room tickets, as after a deploy or a lost signal.
  let failed = 0;
  await bob.page.route("**/api/trpc/**", (route) => {
    const procedures = new URL(route.request().url()).pathname.split("/").pop()!.split(",");
    if (!procedures.includes("chats.memberTicket") || failed === 2) return route.fallback();
    failed++;
    return route.abort("internetdisconnected");
  });
  let roomOpened = false;
  bob.page.on("websocket", (socket) => {
    if (socket.url().includes("/parties/member-room/")) roomOpened = true;
  });
  await bob.page.goto("/dashboard");
  const requests = bob.page.getByRole("navigation", { name: "App" }).first();
  await requests.getByRole("link", { name: "Requests", exact: true }).waitFor();
  // The tries after 1 and 2 s: the second gets a ticket.
  await expect.poll(() => roomOpened, { timeout: 10_000 }).toBe(true);
  expect(failed).toBe(2);

  await call(ada, "friends.request", { memberId: bob.id });
  await requests.getByRole("link", { name: "Requests, 1 waiting" }).waitFor();
});

test("a link from one chat to another shows the second chat alone, live from its own room", async ({ newPage }) => {
  const ada = await person(newPage, "Ada Hops");
  const bob = await person(newPage, "Bob Hops");
  const cy = await person(newPage, "Cy Hops");
  await befriend(ada, bob);
  await befriend(ada, cy);
  const withBob = await call<{ chatId: string }>(ada, "chats.openPrivate", { friendId: bob.id });
  const withCy = await call<{ chatId: string }>(ada, "chats.openPrivate", { friendId: cy.id });
  await call(bob, "chats.send", { chatId: withBob.chatId, clientId: "hops-test-0001", content: "Between Ada and Bob" });
  await call(cy, "chats.send", { chatId: withCy.chatId, clientId: "hops-test-0002", content: "Between Ada and Cy" });

  await ada.page.goto(`/chat/${withBob.chatId}`);
  await messageList(ada.page).getByText("Between Ada and Bob").waitFor();
  await sendMessage(ada.page, "Still with Bob");
  await messageList(ada.page).getByText("Still with Bob").waitFor();

  // No page links one chat to another yet; the router follows the address as a link makes it do,
  // within the page: a mark set on the page survives it.
  await ada.page.evaluate((chatId) => {
    document.body.dataset.sameDocument = "yes";
    return window.__TSR_ROUTER__!.navigate({ to: "/chat/$chatId", params: { chatId } });
  }, withCy.chatId);
  await expectUrl(ada.page, `/chat/${withCy.chatId}`);
  await ada.page.getByRole("heading", { name: "Cy Hops" }).waitFor();
  await messageList(ada.page).getByText("Between Ada and Cy").waitFor();
  expect(await ada.page.evaluate(() => document.body.dataset.sameDocument)).toBe("yes");
  const texts = await messageList(ada.page).getByRole("listitem").allTextContents();
  expect(texts.filter((t) => t.includes("Bob"))).toEqual([]);

  await call(bob, "chats.send", { chatId: withBob.chatId, clientId: "hops-test-0003", content: "Bob again" });
  await call(cy, "chats.send", { chatId: withCy.chatId, clientId: "hops-test-0004", content: "Cy again" });
  await messageList(ada.page).getByText("Cy again").waitFor();
  expect(await messageList(ada.page).getByText("Bob again").count()).toBe(0);
});

test("the chat page, outside the common layout, switches the theme from its own header, and from its menu on a phone", async ({
  newPage,
}) => {
  const { ada, chatId } = await friendsInChat(newPage, "Ada Theme", "Bob Theme");
  await ada.page.emulateMedia({ colorScheme: "light" });
  await ada.page.goto(`/chat/${chatId}`);
  const header = ada.page.getByRole("banner");
  await header.getByRole("button", { name: /^Theme/ }).click();
  await ada.page.getByRole("menuitemradio", { name: "Dark" }).click();
  await ada.page.waitForFunction(() => document.documentElement.className === "dark");
  await header.getByRole("button", { name: "Theme: Dark" }).waitFor();
  // A wide screen's chat menu has the switcher beside it, not its choices.
  await header.getByRole("button", { name: "Chat menu" }).click();
  await ada.page.getByRole("menuitem", { name: "Mute Chat" }).waitFor();
  expect(await ada.page.getByRole("group", { name: "Theme" }).count()).toBe(0);
  await ada.page.keyboard.press("Escape");

  // A phone's header has no room for the switcher: the chat's menu holds its choices.
  await ada.page.setViewportSize({ width: 375, height: 740 });
  await header.getByRole("button", { name: /^Theme/ }).waitFor({ state: "hidden" });
  await header.getByRole("button", { name: "Chat menu" }).click();
  const choices = ada.page.getByRole("menu").getByRole("group", { name: "Theme" });
  expect(await choices.getByRole("menuitemradio", { name: "Dark" }).getAttribute("aria-checked")).toBe("true");
  await choices.getByRole("menuitemradio", { name: "Light" }).click();
  await ada.page.waitForFunction(() => document.documentElement.className === "light");
});

test("on a wide screen the chat page lists the member's chats beside the open one, unread counts live; a phone shows the chat alone", async ({
  newPage,
}) => {
  const ada = await person(newPage, "Ada Panes");
  const bob = await person(newPage, "Bob Panes");
  const cy = await person(newPage, "Cy Panes");
  await befriend(ada, bob);
  await befriend(ada, cy);
  const withBob = await call<{ chatId: string }>(ada, "chats.openPrivate", { friendId: bob.id });
  const withCy = await call<{ chatId: string }>(cy, "chats.openPrivate", { friendId: ada.id });
  await call(bob, "chats.send", { chatId: withBob.chatId, clientId: crypto.randomUUID(), content: "Bob's hello" });
  await call(ada, "chats.markRead", { chatId: withBob.chatId, seq: 1 });

  await ada.page.setViewportSize({ width: 1280, height: 800 });
  await ada.page.goto(`/chat/${withBob.chatId}`);
  const pane = ada.page.getByRole("complementary", { name: "Your chats" });
  const chats = pane.getByRole("list", { name: "Chats" });
  const open = chats.getByRole("link", { name: /Bob Panes/ });
  await open.waitFor();
  expect(await open.getAttribute("aria-current")).toBe("page");
  const other = chats.getByRole("link", { name: /Cy Panes/ });
  await other.waitFor();
  expect(await other.getByLabel(/unread$/).count()).toBe(0);

  // Cy writes: the count shows in the list beside the open chat, without a reload.
  const news = "Cy's news: the release moved to Thursday afternoon, and the demo goes with it";
  await call(cy, "chats.send", { chatId: withCy.chatId, clientId: crypto.randomUUID(), content: news });
  await other.getByLabel("1 unread").waitFor();
  await other.getByText(`Cy Panes: ${news}`).waitFor();
  // Long lines end in an ellipsis inside the pane: nothing runs past its edge, the counts in view.
  expect(await pane.locator(":scope > div").evaluate((list) => list.scrollWidth - list.clientWidth)).toBe(0);
  expect(await ada.page.evaluate(findLayoutDefects)).toEqual([]);

  // Choosing it opens it in the right pane; the list stays.
  await other.click();
  await expectUrl(ada.page, `/chat/${withCy.chatId}`);
  await ada.page.getByRole("main").getByRole("list", { name: "Messages" }).getByText(news).waitFor();
  await expect.poll(() => other.getAttribute("aria-current")).toBe("page");
  await other.getByLabel("1 unread").waitFor({ state: "detached" });

  // A phone has room for one pane: the chat.
  await ada.page.setViewportSize({ width: 375, height: 740 });
  await pane.waitFor({ state: "hidden" });
  expect(await ada.page.getByRole("main").getByText(news).isVisible()).toBe(true);
});
