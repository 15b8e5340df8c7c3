/**
 * The notification centre as members meet it, live through the rooms (started as `npm start`
 * starts them): the bell counts a friend request on every open page without a reload, its panel
 * opens what it is about, 'Mark all as read' clears it; the /notifications page pages and filters;
 * Settings keeps each kind's channels. Screenshots of the bell and the page, 1280 and 375 wide,
 * light and dark, go to .e2e-artifacts/notifications/.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Locator, Page } from "playwright-core";
import { describe, expect } from "vitest";
import { test } from "./harness";
import { befriend, call, person } from "./people";
import { axeScanner, expectUrl } from "./ui";

const SHOTS = fileURLToPath(new URL("../../.e2e-artifacts/notifications", import.meta.url));

/** The bell, named with its count when something waits unread. */
const bell = (page: Page, unread?: number) =>
  page
    .getByRole("banner")
    .getByRole("button", { name: unread ? `Notifications, ${unread} unread` : "Notifications", exact: true });

const panel = (page: Page) => page.getByRole("dialog", { name: "Notifications" });
const items = (within: Locator | Page) => within.getByRole("list", { name: "Notifications" }).getByRole("listitem");

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

describe("the bell", () => {
  test("counts a friend request live on every open page, opens /requests from its panel, and 'Mark all as read' clears it", async ({
    newPage,
  }) => {
    const ada = await person(newPage, "Ada Belle");
    const bob = await person(newPage, "Bob Asker");
    const cat = await person(newPage, "Cat Asker");
    await ada.page.goto("/dashboard");
    await bell(ada.page).waitFor();
    // The same member on a second page of their own.
    const adaElsewhere = await ada.page.context().newPage();
    await adaElsewhere.goto("/friends");
    await bell(adaElsewhere).waitFor();

    await call(bob, "friends.request", { memberId: ada.id });
    await bell(ada.page, 1).waitFor();
    await bell(adaElsewhere, 1).waitFor();
    // The sender is told nothing of their own doing.
    await bob.page.goto("/dashboard");
    await bell(bob.page).waitFor();

    await call(cat, "friends.request", { memberId: ada.id });
    await bell(ada.page, 2).waitFor();
    await bell(adaElsewhere, 2).waitFor();

    // Opened from the keyboard; Cat's request is the newest.
    await bell(ada.page, 2).focus();
    await ada.page.keyboard.press("Enter");
    const open = panel(ada.page);
    await expect.poll(() => items(open).count()).toBe(2);
    await items(open).first().getByText("Cat Asker").waitFor();
    await items(open).first().getByText("sent you a friend request").waitFor();
    await items(open).first().getByText("Just now").waitFor();
    expect(await items(open).getByText("Unread").count()).toBe(2);
    await shoot(ada.page, "panel-1280-light");

    await items(open).filter({ hasText: "Bob Asker" }).getByRole("link").click();
    await expectUrl(ada.page, "/requests");
    await open.waitFor({ state: "hidden" });
    await ada.page.getByRole("heading", { name: "Friend Requests" }).waitFor();
    await bell(ada.page, 1).waitFor();
    await bell(adaElsewhere, 1).waitFor();

    await bell(ada.page, 1).click();
    // Shown read at once, without waiting to read the list again.
    await items(open).filter({ hasText: "Bob Asker" }).waitFor();
    expect(await items(open).filter({ hasText: "Bob Asker" }).getByText("Unread").count()).toBe(0);
    await open.getByRole("button", { name: "Mark all as read" }).click();
    await bell(ada.page).waitFor();
    await bell(adaElsewhere).waitFor();
    await expect.poll(() => items(open).getByText("Unread").count()).toBe(0);
    expect(await open.getByRole("button", { name: "Mark all as read" }).isDisabled()).toBe(true);

    await open.getByRole("link", { name: "See all" }).click();
    await expectUrl(ada.page, "/notifications");
    await ada.page.getByRole("heading", { name: "Notifications", level: 1 }).waitFor();
    await expect.poll(() => items(ada.page).count()).toBe(2);
  });

  test("shows 'You're all caught up' in an empty panel, and closes with Escape", async ({ newPage }) => {
    const ada = await person(newPage, "Ada Empty");
    await ada.page.goto("/dashboard");
    await bell(ada.page).click();
    await panel(ada.page).getByText("You're all caught up").waitFor();
    expect(await panel(ada.page).getByRole("button", { name: "Mark all as read" }).isDisabled()).toBe(true);
    await ada.page.keyboard.press("Escape");
    await panel(ada.page).waitFor({ state: "hidden" });
  });
});

describe("the notifications page", () => {
  test("pages by 'Load more', filters the unread ones, and looks right wide and narrow, light and dark", async ({
    newPage,
  }) => {
    const ada = await person(newPage, "Ada Paged");
    const bob = await person(newPage, "Bob Groups");
    // Bob's acceptance is Ada's first notification, then 22 groups: 23 in all.
    await befriend(ada, bob);
    for (let i = 1; i <= 22; i++) await call(bob, "chats.createGroup", { name: `Group ${i}`, memberIds: [ada.id] });

    const page = ada.page;
    const { found, scan } = axeScanner(page);
    await page.goto("/notifications");
    await items(page).first().getByText("added you to Group 22").waitFor();
    expect(await items(page).count()).toBe(20);
    await page.getByRole("button", { name: "Load more" }).click();
    await items(page).nth(22).getByText("accepted your friend request").waitFor();
    expect(await items(page).count()).toBe(23);
    expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0);

    // Opening one marks it read; the Unread filter leaves it out.
    await items(page).filter({ hasText: "Group 22" }).getByRole("link").click();
    await page.waitForURL(/\/chat\/[^/]+$/);
    await page.getByRole("heading", { name: "Group 22" }).waitFor();
    await page.goto("/notifications?filter=unread");
    await page.getByRole("tab", { name: "Unread", selected: true }).waitFor();
    await items(page).first().getByText("added you to Group 21").waitFor();

    await page.getByRole("button", { name: "Mark all as read" }).click();
    await page.getByText("You're all caught up").waitFor();
    await page.getByText("No unread notifications.").waitFor();
    await page.getByRole("tab", { name: "All" }).click();
    await expectUrl(page, "/notifications");
    await items(page).first().waitFor();

    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 800 });
        await items(page).first().waitFor();
        await shoot(page, `page-${width}-${scheme}`);
        await bell(page).click();
        await items(panel(page)).first().waitFor();
        await shoot(page, `panel-${width}-${scheme}`);
        if (width === 1280) await scan(`panel ${scheme}`);
        await page.keyboard.press("Escape");
      }
      await scan(`/notifications ${scheme}`);
    }
    expect(found).toEqual([]);
  });

  test("a notification arriving while 'Load more' fetches its page neither drops that page nor goes unseen", async ({
    newPage,
  }) => {
    const ada = await person(newPage, "Ada Midway");
    const bob = await person(newPage, "Bob Midway");
    // Bob's acceptance, then 20 groups: a second page of one.
    await befriend(ada, bob);
    for (let i = 1; i <= 20; i++) await call(bob, "chats.createGroup", { name: `Group ${i}`, memberIds: [ada.id] });
    const page = ada.page;
    await page.goto("/notifications");
    await items(page).first().getByText("added you to Group 20").waitFor();

    // The page 'Load more' asks for (the one with a cursor) is held until the next notification has
    // arrived and the page has looked again, as a slow answer would be.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked = () => {};
    const secondPageAsked = new Promise<void>((resolve) => (asked = resolve));
    await page.route(
      (url) => url.pathname.includes("notifications.list") && /"cursor":(?!null)/.test(decodeURIComponent(url.search)),
      async (route) => {
        asked();
        await released;
        // Cut short by the page (what this test guards against), the request is gone: nothing to pass on.
        await route.fallback().catch(() => undefined);
      },
    );
    await page.getByRole("button", { name: "Load more" }).click();
    await secondPageAsked;
    const lookedAgain = page.waitForRequest((request) => request.url().includes("notifications.unreadCount"));
    await call(bob, "chats.createGroup", { name: "Group 21", memberIds: [ada.id] });
    await lookedAgain;
    release();

    await items(page).getByText("accepted your friend request").waitFor();
    await items(page).first().getByText("added you to Group 21").waitFor();
    await expect.poll(() => items(page).count()).toBe(22);
    expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0);
  });
});

describe("settings", () => {
  test("keeps each kind's e-mail and push choices, the app always on", async ({ newPage }) => {
    const ada = await person(newPage, "Ada Settles");
    const page = ada.page;
    await page.goto("/settings");
    await page.getByText("Every notification shows in the app").waitFor();
    const push = page.getByRole("checkbox", { name: "Friend requests by push" });
    const email = page.getByRole("checkbox", { name: "Added to a group by e-mail" });
    expect(await push.getAttribute("aria-checked")).toBe("true");
    expect(await email.getAttribute("aria-checked")).toBe("false");
    await page.getByRole("checkbox", { name: "New private messages by e-mail" }).waitFor();

    const saved = () => page.waitForResponse((r) => r.url().includes("notifications.setPreference") && r.ok());
    await Promise.all([saved(), push.click()]);
    expect(await push.getAttribute("aria-checked")).toBe("false");
    await email.focus();
    await Promise.all([saved(), page.keyboard.press("Space")]);
    expect(await email.getAttribute("aria-checked")).toBe("true");
    await page.reload();
    await page.getByText("Every notification shows in the app").waitFor();
    expect(await push.getAttribute("aria-checked")).toBe("false");
    expect(await email.getAttribute("aria-checked")).toBe("true");

    const card = page.locator("div.rounded-xl", {
      has: page.getByRole("heading", { name: "Notifications", exact: true }),
    });
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 800 });
        await card.screenshot({ path: join(SHOTS, `settings-${width}-${scheme}.png`) });
      }
    }
  });
});
