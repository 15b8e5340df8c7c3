/**
 * The public site and the app shell as a visitor meets them: theme, mobile menu, sidebar, every
 * public page with its title, the contact form, help search, toasts, and an accessibility scan.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { test } from "./harness";
import { axeOn, axeScanner, expectUrl, live, signUpByApi, toast } from "./ui";

const PUBLIC_PAGES = [
  { path: "/", heading: "Elevate Your Project Collaboration" },
  { path: "/how-it-works", heading: "How It Works" },
  { path: "/pricing", heading: "Pricing" },
  { path: "/about", heading: "About Crewboard" },
  { path: "/contact", heading: "Contact Us" },
  { path: "/privacy-policy", heading: "Privacy Policy" },
  { path: "/terms", heading: "Terms of Service" },
  { path: "/help-center", heading: "Help Center" },
  { path: "/payment-success", heading: "We could not find this payment" },
] as const;

const RESET_BADGE = "Database was recently reset. Please create a new account to continue.";

/** The built chunk holding sonner, found by the attribute its styles target. */
function sonnerChunk() {
  const assets = join(process.env.DIST_DIR ?? fileURLToPath(new URL("../../dist", import.meta.url)), "assets");
  const file = readdirSync(assets).find(
    (name) => name.endsWith(".js") && readFileSync(join(assets, name), "utf8").includes("data-sonner-toaster"),
  );
  if (!file) throw new Error(`no sonner chunk in ${assets}`);
  return file;
}

const rootClass = (page: Page) => page.evaluate(() => document.documentElement.className);
const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name, exact: true });

async function chooseTheme(page: Page, theme: "Light" | "Dark" | "System") {
  await page.getByRole("button", { name: /^Theme/ }).click();
  await page.getByRole("menuitemradio", { name: theme }).click();
}

describe("theme", () => {
  test("a chosen theme survives a reload; System follows the device live", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    await live(page);
    expect(await rootClass(page)).toBe("light");

    await chooseTheme(page, "Dark");
    expect(await rootClass(page)).toBe("dark");
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    await page.reload();
    // Set by the inline script in index.html, before the app has even loaded.
    await page.waitForFunction(() => document.documentElement.className === "dark");
    await live(page);
    expect(await rootClass(page)).toBe("dark");

    await chooseTheme(page, "System");
    expect(await rootClass(page)).toBe("light");
    await page.emulateMedia({ colorScheme: "dark" });
    await page.waitForFunction(() => document.documentElement.className === "dark");
    await page.emulateMedia({ colorScheme: "light" });
    await page.waitForFunction(() => document.documentElement.className === "light");
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("system");

    await chooseTheme(page, "Light");
    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload();
    await heading(page, "Elevate Your Project Collaboration").waitFor();
    expect(await rootClass(page)).toBe("light");
  });

  test("the theme menu works from the keyboard", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/about");
    await heading(page, "About Crewboard").waitFor();
    const button = page.getByRole("button", { name: "Theme: System" });
    await button.focus();
    // The menu's code arrives on focus and takes over the button, keeping the focus on it.
    await page.locator('header button[aria-label^="Theme"][data-state]').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Theme: System");
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    await page.keyboard.press("Enter");
    await expect.poll(focused).toBe("Light");
    await page.keyboard.press("ArrowDown");
    await expect.poll(focused).toBe("Dark");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.documentElement.className === "dark");
    expect(await page.getByRole("menu").count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Theme: Dark");
  });

  test("a press on the theme switcher opens its menu even when the menu's code arrives between the press and its release", async ({
    page,
  }) => {
    await page.goto("/about");
    await heading(page, "About Crewboard").waitFor();
    let [askedFor, arrive] = [() => {}, () => {}];
    const asked = new Promise<void>((resolve) => (askedFor = resolve));
    await page.route(/\/assets\/theme-menu-[\w-]+\.js$/, async (route) => {
      const held = new Promise<void>((resolve) => (arrive = resolve));
      askedFor();
      await held;
      await route.continue();
    });
    const box = (await page.getByRole("button", { name: /^Theme/ }).boundingBox())!;
    // Pointing at the button asks for the menu's code; it arrives while the button is held down.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await asked;
    await page.mouse.down();
    arrive();
    await page.locator('header button[aria-label^="Theme"][data-state]').waitFor();
    await page.mouse.up();
    await page.getByRole("menuitemradio", { name: "Dark" }).click();
    await page.waitForFunction(() => document.documentElement.className === "dark");
  });

  test("on a wide screen the theme button stays where it is as a visitor's Sign In and Get Started appear", async ({
    page,
  }) => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route(/\/api\/trpc\/[^?]*auth\.me/, async (route) => {
      await answered;
      await route.continue();
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/about");
    await heading(page, "About Crewboard").waitFor();
    const themeButton = page.getByRole("button", { name: /^Theme/ });
    const before = (await themeButton.boundingBox())!;
    await expect.poll(() => page.getByRole("banner").getByRole("link", { name: "Sign In" }).count()).toBe(0);

    answer();
    await page.getByRole("banner").getByRole("link", { name: "Sign In" }).waitFor();
    expect(await themeButton.boundingBox()).toEqual(before);
  });

  test("with nothing chosen, a device in dark mode gets the dark theme", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/pricing");
    await heading(page, "Pricing").waitFor();
    expect(await rootClass(page)).toBe("dark");
  });
});

describe("top bar", () => {
  test("below 768 px a hamburger opens and closes the mobile menu", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/");
    await live(page);
    const menu = page.getByRole("navigation", { name: "Mobile" });
    const main = page.getByRole("navigation", { name: "Main" });
    expect(await main.isVisible()).toBe(false);
    expect(await menu.count()).toBe(0);

    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.waitFor();
    for (const link of ["Home", "About", "Pricing", "Sign In", "Get Started"]) {
      await menu.getByRole("link", { name: link, exact: true }).waitFor();
    }
    await page.getByRole("button", { name: "Close menu" }).click();
    await menu.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Open menu" }).click();
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });

    // Following a link goes there and folds the menu away.
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Pricing" }).click();
    await expectUrl(page, "/pricing");
    await heading(page, "Pricing").waitFor();
    await menu.waitFor({ state: "detached" });
  });

  test("the first Tab offers a skip link to the page's content", async ({ page }) => {
    await page.goto("/pricing");
    await heading(page, "Pricing").waitFor();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.hash === "#main");
    await heading(page, "Pricing").waitFor();
  });

  test("on a wide screen the links show in the bar, and Sign In and Get Started lead to /auth?reset=true, Get Started on Sign Up", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/about");
    const main = page.getByRole("navigation", { name: "Main" });
    await main.getByRole("link", { name: "Pricing" }).click();
    await expectUrl(page, "/pricing");
    expect(await page.getByRole("button", { name: "Open menu" }).isVisible()).toBe(false);
    for (const [name, href] of [
      ["Sign In", "/auth?reset=true"],
      ["Get Started", "/auth?reset=true&tab=signup"],
    ]) {
      expect(await page.getByRole("banner").getByRole("link", { name, exact: true }).getAttribute("href")).toBe(href);
    }
  });
});

describe("signed-in layout", () => {
  test("the sidebar widens with labels on hover, highlights the active route and works by keyboard", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signUpByApi(page);
    await page.goto("/dashboard");
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    const link = (name: string) => sidebar.getByRole("link", { name, exact: true });
    await link("Home").waitFor();
    expect(await link("Home").getAttribute("aria-current")).toBe("page");
    expect(await link("All Projects").getAttribute("aria-current")).toBeNull();

    const width = async () => (await sidebar.boundingBox())!.width;
    expect(await width()).toBeLessThan(80);
    await sidebar.hover();
    await expect.poll(width).toBeGreaterThan(200);
    await sidebar.getByText("My Projects", { exact: true }).waitFor();
    expect(
      await sidebar.getByText("My Projects", { exact: true }).evaluate((el) => el.classList.contains("sr-only")),
    ).toBe(false);

    await link("All Projects").click();
    await expectUrl(page, "/all-projects");
    await expect.poll(() => link("All Projects").getAttribute("aria-current")).toBe("page");
    expect(await link("Home").getAttribute("aria-current")).toBeNull();

    // Away from the pointer it folds back to icons, and each label becomes a tooltip for the keyboard.
    await page.mouse.move(900, 500);
    await expect.poll(width).toBeLessThan(80);
    await link("Friends").focus();
    await page.getByRole("tooltip", { name: "Friends" }).waitFor();
    // Beside its icon, over the page, not clipped by the narrow sidebar.
    const tip = (await page.getByRole("tooltip").boundingBox())!;
    const icon = (await link("Friends").boundingBox())!;
    expect(tip.x).toBeGreaterThan(icon.x + icon.width);
    expect(Math.abs(tip.y + tip.height / 2 - (icon.y + icon.height / 2))).toBeLessThan(2);
    // Escape dismisses it, focus staying where it was.
    await page.keyboard.press("Escape");
    await page.getByRole("tooltip").waitFor({ state: "detached" });
    await page.keyboard.press("Enter");
    await expectUrl(page, "/friends");
  });

  test("inside the app the footer is one quiet line that still leads to the site's pages; the public site keeps its full footer", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signUpByApi(page);
    await page.goto("/dashboard");
    const footer = page.getByRole("contentinfo");
    await footer.getByText("© 2025 Crewboard").waitFor();
    expect((await footer.boundingBox())!.height).toBeLessThan(60);
    await footer.getByRole("link", { name: "Help Center" }).click();
    await expectUrl(page, "/help-center");
    // The site's own footer, with its groups.
    await page.getByRole("contentinfo").getByRole("navigation", { name: "Legal" }).waitFor();
    expect((await page.getByRole("contentinfo").boundingBox())!.height).toBeGreaterThan(150);
  });
});

describe("signed-in layout, accessibility", () => {
  for (const scheme of ["light", "dark"] as const) {
    test(`the top bar, sidebar and footer have no serious or critical axe violations, ${scheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: 1280, height: 800 });
      await signUpByApi(page);
      await page.goto("/dashboard");
      await page.getByRole("complementary", { name: "Sidebar" }).waitFor();
      await page.getByRole("button", { name: "Account menu" }).waitFor();
      const { violations } = await axeOn(page).include("header").include("aside").include("footer").analyze();
      expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
    });
  }

  test("on a phone the footer's links are big enough to tap, wrapped over several lines", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signUpByApi(page);
    await page.goto("/dashboard");
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).waitFor();
    const { violations } = await axeOn(page).include("footer").withRules(["target-size"]).analyze();
    expect(violations.flatMap((v) => v.nodes.map((node) => node.target.join(" ")))).toEqual([]);
  });
});

describe("public pages", () => {
  test("every public route shows its heading, a title and a description", async ({ page }) => {
    for (const { path, heading: name } of PUBLIC_PAGES) {
      await page.goto(path);
      await heading(page, name).waitFor();
      await expect.poll(() => page.title()).toMatch(/ · Crewboard$/);
      const descriptions = await page
        .locator('meta[name="description"]')
        .evaluateAll((metas) => metas.map((m) => m.getAttribute("content")));
      expect(descriptions, path).toHaveLength(1);
      expect(descriptions[0]!.length, path).toBeGreaterThan(40);
      await page.getByRole("contentinfo").getByText("© 2025 Crewboard").waitFor();
    }
  });

  test("public pages come alive without the query cache and tRPC client", async ({ page }) => {
    // The signed-in machinery lives in the build's `data` chunk, held back here until each page is
    // live: an app whose first code needed it would never take over the page, nor render one.
    let shown = () => {};
    await page.route(/\/assets\/data-[\w-]+\.js$/, async (route) => {
      await new Promise<void>((resolve) => (shown = resolve));
      await route.continue();
    });
    for (const { path, heading: name } of PUBLIC_PAGES.filter(({ path }) =>
      ["/", "/pricing", "/about"].includes(path),
    )) {
      await page.goto(path);
      await live(page);
      // The app's own page, not the build's.
      await page.locator("#root").getByRole("heading", { level: 1, name, exact: true }).waitFor({ timeout: 10_000 });
      shown();
    }
  });

  test("the reset badge shows only with ?reset=true", async ({ page }) => {
    await page.goto("/?reset=true");
    await page.getByText(RESET_BADGE).waitFor();
    await page.goto("/");
    await heading(page, "Elevate Your Project Collaboration").waitFor();
    expect(await page.getByText(RESET_BADGE).count()).toBe(0);
  });

  test("the landing page shows the features, the figures and six five-star testimonials", async ({ page }) => {
    await page.goto("/");
    for (const feature of [
      "Team Collaboration",
      "Project Management",
      "Real-time Communication",
      "Smart Scheduling",
      "Secure & Private",
      "AI-Powered Insights",
    ]) {
      await page.getByRole("heading", { name: feature }).waitFor();
    }
    for (const figure of ["10K+", "50K+", "99.9%", "98%", "4.9/5"])
      await page.getByText(figure, { exact: true }).first().waitFor();
    expect(await page.locator("figure").count()).toBe(6);
    expect(await page.getByRole("img", { name: "Rated 5 out of 5" }).count()).toBe(6);
    await page.getByRole("link", { name: "Start for Free" }).click();
    await expectUrl(page, "/auth", "?tab=signup");
  });

  test("pricing: three plans, the popular badge, six questions, and the buttons' destinations", async ({ page }) => {
    await page.goto("/pricing");
    // A click that lands while the app is taking the page over is held for the app, and the browser
    // does not open the question itself: the questions are asked once the page is live.
    await live(page);
    await page.getByText("MOST POPULAR", { exact: true }).waitFor();
    for (const price of ["$0", "$9.99", "Custom"]) await page.getByText(price, { exact: true }).waitFor();
    for (const line of [
      "Up to 3 projects",
      "Custom templates (coming soon)",
      "Early access to new features",
      "30-day money-back guarantee",
    ]) {
      await page.getByText(line, { exact: true }).waitFor();
    }
    expect(await page.locator("details").count()).toBe(6);
    await page.getByText("What if I'm not satisfied?").click();
    await page.getByText(/30-day money-back guarantee\. Write to us/).waitFor();

    await page.getByRole("button", { name: "Get Lifetime Access" }).click();
    await expectUrl(page, "/auth", "?redirect=%2Fpricing");
    // Like the questions above, each link is followed once the page is live.
    await page.goto("/pricing");
    await live(page);
    await page.getByRole("link", { name: "Contact Sales" }).click();
    await expectUrl(page, "/contact");
    await page.goto("/pricing");
    await live(page);
    await page.getByRole("link", { name: "Get Started Free" }).click();
    await expectUrl(page, "/auth", "?tab=signup");
  });

  test("pricing: without Stripe configured, a member is told payments are not configured", async ({ page }) => {
    await signUpByApi(page);
    await page.goto("/pricing");
    await page.getByRole("button", { name: "Get Lifetime Access" }).click();
    const error = toast(page, "Payment Error");
    await error.getByText("Function error: Payments are not configured on this server.").waitFor();
    expect(await error.getAttribute("data-type")).toBe("error");
    await page.getByRole("button", { name: "Get Lifetime Access" }).waitFor();
  });

  test("help center: the search box filters the articles", async ({ page }) => {
    await page.goto("/help-center");
    const articles = page.getByRole("list", { name: "Articles" }).getByRole("listitem");
    await expect.poll(() => articles.count()).toBe(8);
    for (const [category, count] of [
      ["Getting Started", 12],
      ["Collaboration", 8],
      ["Video Tutorials", 15],
      ["Integrations", 6],
    ] as const) {
      await page.getByRole("heading", { name: category }).waitFor();
      await page.getByText(`${count} articles`, { exact: true }).waitFor();
    }
    const search = page.getByRole("searchbox", { name: "Search articles" });
    await search.fill("group chat");
    await expect.poll(() => articles.count()).toBe(1);
    await articles.getByText("Starting a group chat").waitFor();
    await search.fill("kubernetes");
    await page.getByText("No articles match your search").waitFor();
    await search.fill("");
    await expect.poll(() => articles.count()).toBe(8);
  });

  test("legal pages show today's date; the terms promise 30-day refunds", async ({ page }) => {
    const today = new Date().toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });
    for (const path of ["/privacy-policy", "/terms"]) {
      await page.goto(path);
      await page.getByText(`Last updated: ${today}`).waitFor();
    }
    await page.getByText("30-day money-back guarantee").waitFor();
  });

  test("an unknown path shows the 404 page with a way home", async ({ page }) => {
    await page.goto("/no-such-page");
    await heading(page, "Oops! Page not found").waitFor();
    await expect.poll(() => page.title()).toBe("Page not found · Crewboard");
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expectUrl(page, "/");
  });
});

describe("contact form", () => {
  test("bad input gets the server's message; a good message is acknowledged and the form cleared", async ({ page }) => {
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByRole("button", { name: "Send" }).click();
    await form.getByRole("alert").filter({ hasText: "Please enter your email address." }).waitFor();

    await form.getByLabel("Email").fill("not-an-email");
    await form.getByLabel("Message").fill("Hello");
    await form.getByRole("button", { name: "Send" }).click();
    await form.getByRole("alert").filter({ hasText: "Please enter a valid email address." }).waitFor();

    await form.getByLabel("Name").fill("Grace");
    await form.getByLabel("Email").fill("grace@example.com");
    await form.getByLabel("Message").fill("Do you offer team plans?");
    await form.getByRole("button", { name: "Send" }).click();
    await toast(page, "Message Sent").waitFor();
    expect(await form.getByLabel("Message").inputValue()).toBe("");
    expect(await form.getByRole("alert").count()).toBe(0);
  });
});

/**
 * Opens the landing page and waits until, once settled, it has fetched the toasts' code, which must
 * be there before the network goes.
 */
async function openSettled(page: Page) {
  const toastCode = page.waitForResponse((response) => response.url().endsWith(`/assets/${sonnerChunk()}`), {
    timeout: 15_000,
  });
  await page.goto("/");
  await heading(page, "Elevate Your Project Collaboration").waitFor();
  await toastCode;
}

describe("notifications", () => {
  test("a link the browser reports as slow shows 'Slow Connection'", async ({ page }) => {
    await openSettled(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    // Chromium's own estimate of these conditions is '2g', announced through navigator.connection.
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 2000,
      downloadThroughput: 6000,
      uploadThroughput: 6000,
    });
    await toast(page, "Slow Connection").waitFor();
    expect(await toast(page, "Slow Connection").getAttribute("data-type")).toBe("warning");
  });

  test("going offline and back shows the connectivity toasts", async ({ page }) => {
    await openSettled(page);
    await page.context().setOffline(true);
    await toast(page, "Connection Lost").waitFor();
    await page.context().setOffline(false);
    await toast(page, "Connection Restored").waitFor();
    // Coloured by kind (sonner's rich colours): red for errors, green for successes.
    expect(await toast(page, "Connection Lost").getAttribute("data-type")).toBe("error");
    expect(await toast(page, "Connection Restored").getAttribute("data-type")).toBe("success");
    expect(await toast(page, "Connection Restored").getAttribute("data-rich-colors")).toBe("true");
    // Top-right, with a close button.
    const box = (await toast(page, "Connection Restored").boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan((page.viewportSize()!.width * 3) / 4);
    await toast(page, "Connection Restored").getByRole("button", { name: /close/i }).click();
    await toast(page, "Connection Restored").waitFor({ state: "detached" });
  });
});

describe("accessibility", () => {
  for (const scheme of ["light", "dark"] as const) {
    test(`no serious or critical axe violations on any public page, ${scheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      const { found, scan } = axeScanner(page);
      for (const { path, heading: name } of [
        ...PUBLIC_PAGES,
        { path: "/no-such-page", heading: "Oops! Page not found" },
      ]) {
        await page.goto(path);
        await heading(page, name).waitFor();
        expect(await rootClass(page)).toBe(scheme);
        await scan(path);
      }
      expect(found).toEqual([]);
    });
  }
});
