/**
 * What a member notices of the layout on a phone and a laptop, light and dark: buttons big enough
 * to press, nothing sticking out, badges readable on photos, toasts and tooltips out of the way.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect } from "vitest";
import { PROJECT_STATUS_LABELS, PROJECT_STATUSES } from "@core/enums";
import { test } from "./harness";
import { findLayoutDefects, settleAnimations } from "./layout-defects";
import { friendsInChat } from "./people";
import { call, paidPurchase, projectCards, signUp, signUpByApi, toast } from "./ui";

const PHONE = { width: 375, height: 800 };
const LAPTOP = { width: 1280, height: 800 };

const box = async (locator: Locator) => (await locator.boundingBox())!;

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const myId = async (page: Page) => (await call<{ id: string }>(page, "auth.me", undefined, "GET")).id;

describe("payment confirmation on a phone", () => {
  test("'Go to Dashboard' and 'Visit Help Center' keep their full height; the support line reads as one sentence", async ({
    app,
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await signUpByApi(page);
    await paidPurchase(app, await myId(page), "cs_test_phone");
    await page.goto("/payment-success?session_id=cs_test_phone");
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();

    for (const name of ["Go to Dashboard", "Visit Help Center"]) {
      const button = await box(page.getByRole("link", { name }));
      expect(button.height, name).toBeGreaterThanOrEqual(44);
      expect(button.width, name).toBeGreaterThan(250);
    }
    const support = page.getByText("Questions about your purchase?");
    expect((await box(support)).width).toBeGreaterThan(300);
    const icon = await box(support.locator("svg"));
    expect(icon.width).toBe(16);
    expect(icon.height).toBe(16);
  });
});

describe("project page on a phone", () => {
  test("the feature tabs stay inside their bar and the page does not scroll sideways", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signUpByApi(page);
    const { id } = await call<{ id: string }>(page, "projects.create", {
      title: "Orbit Planner",
      category: "Mobile Apps",
      completedFeatures: ["Pass predictions"],
      pendingFeatures: ["Push notifications", "Offline maps"],
      plannedFeatures: ["Ground stations"],
    });
    await page.goto(`/project/${id}`);
    const bar = page.getByRole("tablist");
    await bar.waitFor();
    const outer = await box(bar);
    for (const tab of await bar.getByRole("tab").all()) {
      const inner = await box(tab);
      expect(inner.y).toBeGreaterThanOrEqual(outer.y);
      expect(inner.y + inner.height).toBeLessThanOrEqual(outer.y + outer.height);
      expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width);
    }
    expect(outer.x + outer.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);

    await page.getByRole("tab", { name: "Planned (1)" }).click();
    await page.getByText("Ground stations").waitFor();
  });
});

describe("sidebar tooltips", () => {
  test("after the pointer has been over the icons and left, no tooltip stays over the page", async ({ page }) => {
    await page.setViewportSize(LAPTOP);
    await signUpByApi(page);
    await page.goto("/all-projects");
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    await sidebar.getByRole("link", { name: "Friends", exact: true }).waitFor();
    for (const name of ["Home", "My Projects", "All Projects", "Friends", "Requests"]) {
      const icon = await box(sidebar.getByRole("link", { name, exact: true }));
      // In from the page, a pause on the icon longer than the tooltip's delay, and out again.
      await page.mouse.move(700, icon.y + icon.height / 2);
      await page.mouse.move(icon.x + 20, icon.y + icon.height / 2, { steps: 4 });
      await page.waitForTimeout(900);
      await page.mouse.move(700, 400, { steps: 4 });
      await expect.poll(async () => (await box(sidebar)).width).toBeLessThan(80);
      // Longer than the tooltip's open delay: one opened by a stray timer would be showing by now.
      await page.waitForTimeout(900);
      expect(await page.getByRole("tooltip").count(), name).toBe(0);
    }
  });
});

describe("status badges on card photos", () => {
  for (const scheme of ["light", "dark"] as const) {
    test(`every status has an opaque badge whose text passes WCAG AA, ${scheme}`, async ({ app, page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await signUpByApi(page);
      // Pro, for a fourth project: one per status.
      await paidPurchase(app, await myId(page), `cs_test_badges_${scheme}`);
      for (const status of PROJECT_STATUSES) {
        await call(page, "projects.create", { title: `A ${status} project`, category: "Other", status });
      }
      await page.goto("/all-projects");
      const cards = projectCards(page);
      await cards.first().waitFor();
      for (const status of PROJECT_STATUSES) {
        const badge = cards
          .filter({ hasText: `A ${status} project` })
          .getByText(PROJECT_STATUS_LABELS[status], { exact: true })
          .first();
        const { background, text } = await badge.evaluate((el) => {
          // Colours come as oklch(); a canvas turns any CSS colour into sRGB bytes.
          const rgba = (css: string) => {
            const canvas = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
            canvas.clearRect(0, 0, 1, 1);
            canvas.fillStyle = css;
            canvas.fillRect(0, 0, 1, 1);
            return [...canvas.getImageData(0, 0, 1, 1).data];
          };
          const style = getComputedStyle(el);
          return { background: rgba(style.backgroundColor), text: rgba(style.color) };
        });
        expect(background[3], status).toBe(255);
        expect(contrast(background, text), status).toBeGreaterThanOrEqual(4.5);
      }
    });
  }
});

/** WCAG 2 contrast ratio of two sRGB colours given as bytes. */
function contrast(a: number[], b: number[]) {
  const luminance = ([r, g, b]: number[]) => {
    const [R, G, B] = [r!, g!, b!].map((c) => {
      const v = c / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe("toasts", () => {
  for (const viewport of [LAPTOP, PHONE]) {
    test(`a toast leaves the page header's 'Create Project' free, ${viewport.width} wide`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signUpByApi(page);
      await page.goto("/my-projects");
      const create = page.getByRole("main").getByRole("button", { name: "Create Project" }).first();
      await create.waitFor();
      // Any toast will do: the project made through the dialog gives the usual one.
      await create.click();
      const dialog = page.getByRole("dialog", { name: "Create New Project" });
      await dialog.getByLabel("Title").fill("Orbit Planner");
      await dialog.getByLabel("Category").click();
      await page.getByRole("option", { name: "Other", exact: true }).click();
      await dialog.getByRole("button", { name: "Create Project" }).click();
      await dialog.waitFor({ state: "hidden" });
      const shown = toast(page, "Project Created");
      await shown.waitFor();
      await page.evaluate(() =>
        Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
      );
      expect(overlaps(await box(shown), await box(create))).toBe(false);
      // And the button takes the click while the toast is up.
      await create.click({ trial: true, timeout: 2000 });
    });
  }
});

describe("toasts over pages without the page header", () => {
  test("'Account Created!' leaves the onboarding card's heading and text free, 1280 wide", async ({ page }) => {
    await page.setViewportSize(LAPTOP);
    await signUp(page);
    const shown = toast(page, "Account Created!");
    await shown.waitFor();
    await settleAnimations(page);
    for (const text of [
      page.getByRole("heading", { name: "Complete your profile" }),
      page.getByText("Four quick steps so other members know who you are"),
    ]) {
      expect(overlaps(await box(shown), await box(text))).toBe(false);
    }
  });

  test("a toast in a chat on a phone leaves the composer and the latest messages free", async ({ newPage }) => {
    const { ada, chatId } = await friendsInChat(newPage, "Ada Lovelace", "Bob Marley");
    await ada.page.setViewportSize(PHONE);
    await ada.page.goto(`/chat/${chatId}`);
    const message = ada.page.getByRole("textbox", { name: "Message" });
    // Enough messages to fill the screen: the latest sit right above the composer.
    for (let i = 1; i <= 12; i++) {
      await message.fill(`Message number ${i}`);
      await message.press("Enter");
    }
    const latest = ada.page.getByText("Message number 12", { exact: true });
    await latest.waitFor();
    await ada.page.getByRole("button", { name: "Chat menu" }).and(ada.page.locator(":enabled")).click();
    await ada.page.getByRole("menuitem", { name: "Mute Chat" }).click();
    const shown = toast(ada.page, "Chat muted");
    await shown.waitFor();
    await settleAnimations(ada.page);
    for (const target of [message, ada.page.getByRole("button", { name: "Send" }), latest]) {
      expect(overlaps(await box(shown), await box(target))).toBe(false);
    }
  });
});

describe("top bar on a phone", () => {
  test("its icon buttons are 44 px targets", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signUpByApi(page);
    await page.goto("/dashboard");
    const banner = page.getByRole("banner");
    await banner.getByRole("button", { name: "Account menu" }).waitFor();
    for (const name of [/^Theme:/, /^Notifications/, "Account menu", "Open menu"]) {
      // Each as it settles: the bell, for one, takes its place once its own code has come.
      const button = banner.getByRole("button", { name });
      await expect
        .poll(async () => {
          const target = await button.boundingBox();
          return (
            target && {
              name: String(name),
              width: target.width >= 44,
              height: target.height >= 44,
              inside: target.x + target.width <= PHONE.width,
            }
          );
        })
        .toEqual({ name: String(name), width: true, height: true, inside: true });
    }
    await expect.poll(() => page.evaluate(findLayoutDefects)).toEqual([]);
  });
});

describe("chat header on a phone", () => {
  test("the friend's name and status read in full beside the way back and the chat's four buttons", async ({
    newPage,
  }) => {
    const { ada, chatId } = await friendsInChat(newPage, "Ada Lovelace", "Bob Marley");
    await ada.page.setViewportSize(PHONE);
    await ada.page.goto(`/chat/${chatId}`);
    const banner = ada.page.getByRole("banner");
    // The search and the menu are pressable once their code has come.
    await banner.getByRole("button", { name: "Chat menu" }).and(ada.page.locator(":enabled")).waitFor();
    await banner.getByRole("button", { name: "Search messages" }).and(ada.page.locator(":enabled")).waitFor();
    for (const text of [banner.getByRole("heading", { name: "Bob Marley" }), banner.getByText("Offline")]) {
      const { scrollWidth, clientWidth } = await text.evaluate((el) => ({
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    }
    for (const name of ["Back to Friends & Chats", "Search messages", "Voice call", "Video call", "Chat menu"]) {
      const target = await box(banner.getByRole(name.startsWith("Back") ? "link" : "button", { name }));
      expect(target.width, name).toBeGreaterThanOrEqual(44);
      expect(target.x + target.width, name).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await ada.page.evaluate(findLayoutDefects)).toEqual([]);
  });
});

describe("pages outside the layouts", () => {
  test("/auth/verify and the 404 show the brand, leading home", async ({ page }) => {
    for (const [path, heading] of [
      ["/auth/verify", "Verification failed"],
      ["/no-such-page", "Oops! Page not found"],
    ] as const) {
      await page.goto(path);
      await page.getByRole("heading", { name: heading }).waitFor();
      const brand = page.getByRole("banner").getByRole("link", { name: "Crewboard" });
      expect(await brand.getAttribute("href"), path).toBe("/");
    }
  });
});
