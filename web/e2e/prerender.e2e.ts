/**
 * The landing and pricing pages as the build rendered them: readable before any script has run,
 * then adopted by the app as they are (no second build of the page, no error), with the header
 * right for visitors, members and a dark theme; every other address still gets the empty shell.
 */
import type { ConsoleMessage, Page } from "playwright-core";
import { describe, expect } from "vitest";
import { PRERENDERED_PAGES } from "@worker/http/prerendered";
import { STOCK_PHOTO_HOST, test } from "./harness";
import { expectUrl, live, openUserMenu, signUpByApi } from "./ui";

const LANDING_HEADING = "Elevate Your Project Collaboration";

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name, exact: true });

/** Errors the page logs or throws (a mismatch between the HTML and the app is one). */
function errorsOf(page: Page) {
  const errors: string[] = [];
  // A stock photo that cannot load is the browser's note, not the app's error: the card shows its gradient.
  const offline = (message: ConsoleMessage) => message.location().url.startsWith(`https://${STOCK_PHOTO_HOST}/`);
  page.on("console", (message) => message.type() === "error" && !offline(message) && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

describe("pre-rendered public pages", () => {
  test("the landing and pricing pages are there before any script runs", async ({ browser, app }) => {
    const context = await browser.newContext({ baseURL: app.url, javaScriptEnabled: false });
    context.setDefaultTimeout(10_000);
    try {
      const page = await context.newPage();
      await page.goto("/");
      await heading(page, LANDING_HEADING).waitFor();
      expect(await page.title()).toBe("Elevate Your Project Collaboration · Crewboard");
      expect(await page.getByRole("link", { name: "Start for Free" }).getAttribute("href")).toBe("/auth?tab=signup");
      await page.getByRole("heading", { name: "Everything your crew needs" }).waitFor();

      // Its links are real links: without the app they still lead to the page.
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();
      await expectUrl(page, "/pricing");
      await heading(page, "Pricing").waitFor();
      expect(await page.title()).toBe("Pricing · Crewboard");
      for (const [plan, price] of [
        ["Free", "$0"],
        ["Lifetime Access", "$9.99"],
        ["Enterprise", "Custom"],
      ]) {
        await expect.poll(() => page.getByRole("region", { name: plan, exact: true }).textContent()).toContain(price);
      }
      await page.getByRole("heading", { name: "Frequently Asked Questions" }).waitFor();
    } finally {
      await context.close();
    }
  });

  test("a visitor who scrolled the landing before the app took it over is left where they were, and its links lead on", async ({
    page,
  }) => {
    // The app's code waits until the visitor has scrolled to the page's last call to action.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/*.js", async (route) => {
      await released;
      await route.continue();
    });
    await page.goto("/", { waitUntil: "commit" });
    const link = page.getByRole("link", { name: "Create Your Free Account" });
    await link.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => scrollY);
    expect(scrolled).toBeGreaterThan(0);

    release();
    await live(page);
    expect(await page.evaluate(() => scrollY)).toBe(scrolled);
    await link.click();
    await expectUrl(page, "/auth", "?tab=signup");
  });

  test("every other address gets the empty shell, not a pre-rendered page", async ({ page }) => {
    for (const path of ["/about", "/settings", "/pricing/elsewhere", "/dashboard/elsewhere"]) {
      const html = await (await page.request.get(path)).text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain("<h1");
    }
  });

  test("the app adopts the pre-rendered landing as it is, and then navigates without reloading", async ({ page }) => {
    const errors = errorsOf(page);
    await page.goto("/");
    const pageHeading = await heading(page, LANDING_HEADING).elementHandle();
    await live(page);
    // The very element the HTML brought is still the page's heading: nothing was built twice.
    expect(await pageHeading!.evaluate((element) => element.isConnected)).toBe(true);

    await page.evaluate(() => ((window as Window & { stayed?: boolean }).stayed = true));
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();
    await heading(page, "Pricing").waitFor();
    await expectUrl(page, "/pricing");
    expect(await page.evaluate(() => (window as Window & { stayed?: boolean }).stayed)).toBe(true);
    await expect.poll(() => page.title()).toBe("Pricing · Crewboard");
    expect(errors).toEqual([]);
  });

  test("on the pre-rendered pricing page a visitor is sent to sign in by 'Get Lifetime Access'", async ({ page }) => {
    const errors = errorsOf(page);
    await page.goto("/pricing");
    await live(page);
    await page.getByRole("button", { name: "Get Lifetime Access" }).click();
    await expectUrl(page, "/auth", "?redirect=%2Fpricing");
    expect(errors).toEqual([]);
  });

  test("a dark-theme visitor gets the dark page at once and the theme named right once the app runs", async ({
    page,
  }) => {
    const errors = errorsOf(page);
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/about");
    await page.evaluate(() => localStorage.setItem("theme", "dark"));
    await page.goto("/");
    await heading(page, LANDING_HEADING).waitFor();
    expect(await page.evaluate(() => document.documentElement.className)).toBe("dark");
    await live(page);
    await page.getByRole("button", { name: "Theme: Dark" }).waitFor();
    expect(errors).toEqual([]);
  });

  test("a signed-in member sees the signed-in header on the pre-rendered pages", async ({ page }) => {
    const member = await signUpByApi(page);
    const errors = errorsOf(page);
    for (const path of ["/", "/pricing"]) {
      await page.goto(path);
      await live(page);
      await page.getByRole("button", { name: "Account menu" }).waitFor();
      await expect.poll(() => page.getByRole("banner").textContent()).toContain(member.displayName);
      expect(await page.getByRole("link", { name: "Sign In" }).count()).toBe(0);
    }
    await page.getByRole("button", { name: "Get Lifetime Access" }).waitFor();
    expect(await page.getByRole("button", { name: "Get Lifetime Access" }).isEnabled()).toBe(true);
    expect(errors).toEqual([]);
  });

  test("the landing asked with a query it was not rendered for still shows what the query asks", async ({ page }) => {
    const errors = errorsOf(page);
    await page.goto("/?reset=true");
    await page.getByRole("status").filter({ hasText: "Database was recently reset." }).waitFor();
    await heading(page, LANDING_HEADING).waitFor();
    expect(errors).toEqual([]);
  });
});

describe("pre-rendered outlines of the signed-in pages", () => {
  const outlines = PRERENDERED_PAGES.filter(({ kind }) => kind === "outline")
    .map(({ path }) => path)
    .filter((path) => !path.startsWith("/chat/"));
  const HEADINGS: Record<string, string> = {
    "/dashboard": "Dashboard",
    "/all-projects": "All Projects",
    "/my-projects": "My Projects",
    "/people": "Find People",
    "/friends": "Friends & Chats",
    "/requests": "Friend Requests",
  };

  test("each shows its heading and 'Loading...' before any script runs", async ({ browser, app }) => {
    expect(outlines.toSorted()).toEqual(Object.keys(HEADINGS).toSorted());
    const context = await browser.newContext({ baseURL: app.url, javaScriptEnabled: false });
    context.setDefaultTimeout(10_000);
    try {
      const page = await context.newPage();
      for (const path of outlines) {
        await page.goto(path);
        await heading(page, HEADINGS[path]!).waitFor();
        await page.getByRole("status").filter({ hasText: "Loading..." }).waitFor();
        expect(await page.title()).toBe(`${HEADINGS[path]} · Crewboard`);
      }
    } finally {
      await context.close();
    }
  });

  test("a member's page takes the outline's place: one heading, the live page, no error", async ({ page }) => {
    await signUpByApi(page);
    const errors = errorsOf(page);
    await page.goto("/all-projects");
    await page.getByRole("searchbox", { name: "Search projects" }).waitFor();
    expect(await page.getByRole("heading", { level: 1 }).allTextContents()).toEqual(["All Projects"]);
    expect(await page.locator("[data-outline]").isHidden()).toBe(true);
    // Navigating inside the app keeps it so.
    await page.getByRole("navigation", { name: "App" }).first().getByRole("link", { name: "Home" }).click();
    await expectUrl(page, "/dashboard");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).allTextContents()).toEqual(["Dashboard"]);
    expect(errors).toEqual([]);
  });

  test("the app's code is asked for once the page has painted, the page's own route code with it", async ({ page }) => {
    await signUpByApi(page);
    for (const [path, routeChunk] of [
      ["/", /\/assets\/sections-[\w-]+\.js$/],
      ["/all-projects", /\/assets\/all-projects-[\w-]+\.js$/],
    ] as const) {
      await page.goto(path, { waitUntil: "networkidle" });
      const { paint, scripts, firstCall } = await page.evaluate(() => {
        const resources = performance.getEntriesByType("resource");
        return {
          paint: performance.getEntriesByName("first-contentful-paint")[0]!.startTime,
          scripts: resources.filter((r) => r.name.endsWith(".js")).map((r) => ({ url: r.name, at: r.startTime })),
          firstCall: resources.find((r) => r.name.includes("/api/trpc/"))!.startTime,
        };
      });
      const [loader, ...app] = scripts;
      expect(loader!.url, path).toMatch(/\/assets\/load-app-\w+\.js$/);
      expect(
        app.filter((script) => script.at < paint),
        path,
      ).toEqual([]);
      const route = app.find((script) => routeChunk.test(script.url));
      expect(route!.at, path).toBeLessThan(firstCall);
    }
  });

  test("a member's page names all the code its first screen runs, so none of it waits for the app to ask", async ({
    page,
  }) => {
    await signUpByApi(page);
    // When the app's own heading is on screen (the outline's is beside the root, not in it).
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector("#root h1")) return;
        Object.assign(window, { shownAt: performance.now() });
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    for (const path of ["/dashboard", "/all-projects"]) {
      const named = await page.evaluate(
        async (address) =>
          [
            ...new DOMParser()
              .parseFromString(await (await fetch(address)).text(), "text/html")
              .querySelectorAll<HTMLTemplateElement>("template[data-page-code]"),
          ].flatMap((code) => [...code.content.querySelectorAll("link")].map((link) => link.getAttribute("href"))),
        path,
      );
      await page.goto(path);
      await page.waitForFunction(() => "shownAt" in window);
      const firstScreen = await page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .filter((r) => r.startTime < (window as unknown as { shownAt: number }).shownAt)
          .map((r) => new URL(r.name).pathname)
          .filter((url) => url.endsWith(".js") && !/\/load-app-\w+\.js$/.test(url)),
      );
      expect(firstScreen.length, path).toBeGreaterThan(10);
      expect(
        firstScreen.filter((url) => !named.includes(url)),
        path,
      ).toEqual([]);
    }
  });

  test("a pre-rendered page never fetches the stylesheet it carries inline, not even as its menu's code loads", async ({
    page,
  }) => {
    await signUpByApi(page);
    await page.goto("/all-projects", { waitUntil: "networkidle" });
    await (await openUserMenu(page)).getByRole("menuitem", { name: "Sign Out" }).waitFor();
    const stylesheets = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((entry) => entry.name)
        .filter((url) => url.endsWith(".css")),
    );
    expect(stylesheets).toEqual([]);
  });

  test("a chat's address shows the chat's frame and 'Loading chat...' before any script runs", async ({
    browser,
    app,
  }) => {
    const context = await browser.newContext({ baseURL: app.url, javaScriptEnabled: false });
    context.setDefaultTimeout(10_000);
    try {
      const page = await context.newPage();
      await page.goto("/chat/any-chat-id");
      await page.getByRole("status").filter({ hasText: "Loading chat..." }).waitFor();
      expect(await page.getByRole("link", { name: "Back to Friends & Chats" }).getAttribute("href")).toBe("/friends");
      expect(await page.title()).toBe("Chat · Crewboard");
    } finally {
      await context.close();
    }
  });

  test("a visitor who is not signed in is sent from the outline to sign in, the page kept to come back to", async ({
    page,
  }) => {
    for (const path of ["/my-projects", "/chat/any-chat-id"]) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === "/auth" && url.searchParams.get("redirect") === path);
      await page.getByRole("tab", { name: "Sign In" }).waitFor();
      expect(await page.locator("[data-outline]").isHidden()).toBe(true);
    }
  });
});
