/**
 * Coming back to Crewboard: the first load, the sign-in card, and landing on the page first asked
 * for after signing in, never on another site.
 */
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { test } from "./harness";
import { authForm, expectUrl, finishOnboarding, type Member, newMember, signUpByApi, toast } from "./ui";

/** A member with an account, signed out, in a fresh browser. */
async function existingMember(newPage: () => Promise<Page>): Promise<Member> {
  const member = newMember();
  const page = await newPage();
  await signUpByApi(page, member);
  // Set up in full, or signing in would lead to the rest of onboarding first.
  await finishOnboarding(page, member);
  await page.context().close();
  return member;
}

describe("sign-in card", () => {
  test("switching between Sign In and Sign Up does not change the card's size", async ({ page }) => {
    await page.goto("/auth");
    const card = page.getByRole("heading", { name: "Welcome to Crewboard" }).locator("xpath=ancestor::*[3]");
    const tabs = page.getByRole("tablist");
    await tabs.waitFor();
    const signIn = await card.boundingBox();
    const tabsAt = (await tabs.boundingBox())!.y;
    await authForm(page, "Sign Up");
    await page.getByRole("tabpanel", { name: "Sign Up" }).getByLabel("Display Name").waitFor();
    expect(await card.boundingBox()).toEqual(signIn);
    expect((await tabs.boundingBox())!.y).toBe(tabsAt);
    // The hidden form is out of reach: Tab from the tabs goes into the visible one only.
    await authForm(page, "Sign In");
    // As a member sees it once the tab has switched, not at the instant the click returns.
    await page.getByLabel("Display Name").waitFor({ state: "hidden" });
  });

  test("the show-password toggle gets the app's focus ring from the keyboard, not the browser's outline", async ({
    page,
  }) => {
    await page.goto("/auth");
    const form = await authForm(page, "Sign In");
    await form.getByLabel("Password", { exact: true }).focus();
    await page.keyboard.press("Tab");
    const toggle = form.getByRole("button", { name: "Show password" });
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    const style = await toggle.evaluate((el) => {
      const { outlineStyle, boxShadow } = getComputedStyle(el);
      return { outlineStyle, boxShadow };
    });
    expect(style.outlineStyle).toBe("none");
    expect(style.boxShadow).not.toBe("none");
    await page.keyboard.press("Enter");
    await form.getByRole("button", { name: "Hide password" }).waitFor();
  });
});

describe("first load", () => {
  test("while the session is being checked, the app's outline shows around 'Loading...'", async ({ page }) => {
    const member = await signUpByApi(page);
    // A slow network: the session check takes a while to answer.
    let release!: () => void;
    const answered = new Promise<void>((done) => (release = done));
    await page.route(/\/api\/trpc\/[^?]*auth\.me/, async (route) => {
      await answered;
      await route.continue();
    });
    await page.goto("/dashboard");
    await page.getByRole("status").filter({ hasText: "Loading..." }).waitFor();
    const brand = page.getByRole("banner").getByRole("link", { name: "Crewboard" });
    expect(await brand.isVisible()).toBe(true);
    // The outline is headed as the page will be; the page itself greets the member.
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    release();
    await page.getByText(`Welcome, ${member.displayName}.`).waitFor();
    expect(await page.getByRole("status").filter({ hasText: "Loading..." }).count()).toBe(0);
  });
});

describe("the dashboard", () => {
  test("greets a new member with 'Welcome', every later visit with 'Welcome back', and leads to where skills are added, until they are", async ({
    page,
  }) => {
    const member = await signUpByApi(page);
    await page.goto("/dashboard");
    await page.getByText(`Welcome, ${member.displayName}.`).waitFor();
    await page.reload();
    await page.getByText(`Welcome back, ${member.displayName}.`).waitFor();

    // Nothing to suggest without skills: the prompt opens Settings at the skills field.
    await page.getByRole("link", { name: "Add your skills" }).click();
    await expect
      .poll(() => {
        const url = new URL(page.url());
        return url.pathname + url.hash;
      })
      .toBe("/settings#settings-skills");
    const skills = page.getByLabel("Skills", { exact: true });
    await skills.waitFor();
    await expect
      .poll(() =>
        skills.evaluate(
          (el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().bottom <= innerHeight,
        ),
      )
      .toBe(true);

    // A skill no open project asks for: the dashboard no longer asks for skills, it says so.
    await skills.fill(`Zyzzyva ${member.displayName}`);
    await skills.press("Enter");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "Profile Updated").waitFor();
    await page.goto("/dashboard");
    await page.getByText("No open project asks for your skills right now.").waitFor();
    expect(await page.getByRole("link", { name: "Add your skills" }).count()).toBe(0);
    await page.getByRole("link", { name: "Browse all projects" }).click();
    await expectUrl(page, "/all-projects");
  });
});

describe("after signing in", () => {
  test("a member sent to sign in lands on the page first asked for, with its filters", async ({ page, newPage }) => {
    const member = await existingMember(newPage);
    await page.goto("/all-projects?category=Mobile%20Apps&status=open");
    await page.waitForURL((url) => url.pathname === "/auth");
    const form = await authForm(page, "Sign In");
    await form.getByLabel("Email").fill(member.email);
    await form.getByLabel("Password", { exact: true }).fill(member.password);
    await form.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(
      (url) =>
        url.pathname === "/all-projects" &&
        url.searchParams.get("category") === "Mobile Apps" &&
        url.searchParams.get("status") === "open",
    );
    await page.getByText("Showing projects in").waitFor();
  });

  test("a target that leads off the site is ignored: the member lands on the dashboard", async ({
    app,
    page,
    newPage,
  }) => {
    const member = await existingMember(newPage);
    for (const target of [
      "//evil.example/x",
      "https://evil.example/x",
      "/\\evil.example/x",
      "/\t/evil.example/x",
      "javascript:alert(1)",
    ]) {
      await page.goto(`/auth?redirect=${encodeURIComponent(target)}`);
      const form = await authForm(page, "Sign In");
      await form.getByLabel("Email").fill(member.email);
      await form.getByLabel("Password", { exact: true }).fill(member.password);
      await form.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL((url) => url.pathname === "/dashboard");
      expect(new URL(page.url()).origin, target).toBe(new URL(app.url).origin);
      expect(page.url(), target).not.toContain("evil");
      await page.context().clearCookies();
    }
  });
});
