/** The security headers as the started Node host sends them, and a browser living with its policy. */
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { test } from "./harness";
import { createProject, projectCards, signedInPage, signUp } from "./ui";

/** Every Content-Security-Policy violation the page reports from now on. */
async function violations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

describe("security headers from the started host", () => {
  test("pages and API answers carry them; the verification page sends no referrer", async ({ app }) => {
    const page = await fetch(`${app.url}/dashboard`);
    const api = await fetch(`${app.url}/api/trpc/auth.me`);
    const verify = await fetch(`${app.url}/auth/verify?token=secret`);
    for (const response of [page, api, verify]) {
      expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
      expect(response.headers.get("X-Frame-Options")).toBe("DENY");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    }
    expect(page.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(verify.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(api.headers.get("Cache-Control")).toBe("no-store");
  });

  test("the theme script runs under the policy, and the pages break none of it", async ({ page }) => {
    const reported = await violations(page);
    await page.addInitScript(() => localStorage.setItem("theme", "dark"));
    await page.goto("/");
    await page.getByRole("link", { name: "Start for Free" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await signUp(page);
    await page.goto("/dashboard");
    await signedInPage(page, "Dashboard");
    // The forms check fields with the server's zod rules in the page: no check may need eval.
    await createProject(page, { title: "Policed", category: "Other" });
    await page.goto("/my-projects");
    await projectCards(page, "Owned projects").getByRole("button", { name: "Edit Project" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Project" });
    await edit.getByLabel("GitHub URL").fill("github.com/example/policed");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await edit.getByText("GitHub URL must be a link starting with http:// or https://.").waitFor();
    expect(await reported()).toEqual([]);
  });

  test("no other site can frame a page", async ({ app, page }) => {
    await page.setContent(`<iframe src="${app.url}/auth"></iframe>`);
    // setContent waits for the frame's load, which the browser ends with its own error page.
    const frame = page.frames()[1]!;
    expect(frame.url()).not.toBe(`${app.url}/auth`);
    expect(await frame.evaluate(() => document.body?.innerText ?? "")).not.toContain("Welcome to Crewboard");
  });
});
