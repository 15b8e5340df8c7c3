/** Signing up, in and out, the guard, e-mail verification and the 404 page, as a member clicks through them. */
import type { Locator } from "playwright-core";
import { describe, expect } from "vitest";
import { test } from "./harness";
import {
  authForm,
  expectUrl,
  fillSignUp,
  finishOnboarding,
  newMember,
  openUserMenu,
  signedInPage,
  signUp,
  submitSignIn,
  toast,
} from "./ui";

const PASSWORD_TOO_SHORT = "Password must be at least 6 characters long.";
const EMAIL_TAKEN = "An account with this email already exists. Please sign in instead.";
const INVALID_CREDENTIALS = "Invalid email or password. Please check your credentials and try again.";

describe("sign up", () => {
  test("a new member lands on onboarding, welcomed by a toast", async ({ page }) => {
    await signUp(page);
    await toast(page, "Account Created!").getByText("Let's set up your profile").waitFor();
    await page.getByRole("heading", { name: "Complete your profile" }).waitFor();
  });

  test("a short password is refused in the browser, before anything is sent", async ({ page }) => {
    const sent: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.includes("auth.signUp")) sent.push(request.url());
    });
    const form = await fillSignUp(page, { ...newMember(), password: "12345" });
    await form.getByRole("button", { name: "Create Account" }).click();
    await form.getByRole("alert").filter({ hasText: PASSWORD_TOO_SHORT }).waitFor();
    expect(sent).toEqual([]);

    // The same form then goes through with a long enough password: the one request is this one,
    // so the refused attempt did not merely arrive late.
    await form.getByLabel("Password", { exact: true }).fill("123456");
    await form.getByRole("button", { name: "Create Account" }).click();
    await expectUrl(page, "/onboarding");
    expect(sent).toHaveLength(1);
  });

  test("an e-mail that already has an account is sent to sign in instead", async ({ page, newPage }) => {
    const member = await signUp(page);
    const other = await newPage();
    const form = await fillSignUp(other, { ...member, displayName: "Someone Else" });
    await form.getByRole("button", { name: "Create Account" }).click();
    await form.getByRole("alert").filter({ hasText: EMAIL_TAKEN }).waitFor();
    await expectUrl(other, "/auth", "?tab=signup");
  });

  test("'Get Started', 'Start for Free' and 'Create Your Free Account' open Sign Up; 'Sign In' opens Sign In", async ({
    page,
  }) => {
    const opens = async (start: string, button: () => Locator, tab: "Sign In" | "Sign Up", search: string) => {
      await page.goto(start);
      await button().click();
      await expectUrl(page, "/auth", search);
      await expect.poll(() => page.getByRole("tab", { name: tab }).getAttribute("aria-selected")).toBe("true");
      await page
        .getByRole("tabpanel", { name: tab })
        .getByRole("button", { name: tab === "Sign Up" ? "Create Account" : "Sign In" })
        .waitFor();
    };
    const bar = () => page.getByRole("banner");
    await opens("/", () => bar().getByRole("link", { name: "Get Started" }), "Sign Up", "?reset=true&tab=signup");
    await opens(
      "/",
      () => page.getByRole("main").getByRole("link", { name: "Start for Free" }),
      "Sign Up",
      "?tab=signup",
    );
    await opens("/", () => page.getByRole("link", { name: "Create Your Free Account" }), "Sign Up", "?tab=signup");
    await opens("/about", () => bar().getByRole("link", { name: "Sign In" }), "Sign In", "?reset=true");
    // The tab a member picks is kept in the address, so a reload shows the same form.
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("tab")).toBe("signup");
    await page.reload();
    await expect.poll(() => page.getByRole("tab", { name: "Sign Up" }).getAttribute("aria-selected")).toBe("true");
  });
});

describe("sign in and out", () => {
  test("signing out from the user menu leads home and closes the dashboard", async ({ page }) => {
    await signUp(page);
    await page.goto("/dashboard");
    const menu = await openUserMenu(page);
    await menu.getByRole("menuitem", { name: "Sign Out" }).click();
    await expectUrl(page, "/");
    await toast(page, "Signed Out").waitFor();

    await page.goto("/dashboard");
    await expectUrl(page, "/auth", "?reset=true&redirect=%2Fdashboard");
    // The guard replaced the history entry: going back skips the dashboard it refused.
    await page.goBack();
    await expectUrl(page, "/");
  });

  test("signing out clears the top bar at once, and the next member sees only their own account", async ({ page }) => {
    const first = await signUp(page);
    await page.goto("/dashboard");
    await signedInPage(page, "Dashboard");
    await (await openUserMenu(page)).getByRole("menuitem", { name: "Sign Out" }).click();
    await toast(page, "Signed Out").waitFor();

    // No reload: the landing page's top bar already belongs to a visitor.
    const header = page.getByRole("banner");
    await header.getByRole("link", { name: "Sign In" }).waitFor();
    expect(await header.getByRole("button", { name: "Account menu" }).count()).toBe(0);
    expect(await header.textContent()).not.toContain(first.displayName);

    // Still without a reload, the next member on this computer signs up and sees only their account.
    const second = newMember();
    await header.getByRole("link", { name: "Sign In" }).click();
    const form = await authForm(page, "Sign Up");
    await form.getByLabel("Display Name").fill(second.displayName);
    await form.getByLabel("Email").fill(second.email);
    await form.getByLabel("Password", { exact: true }).fill(second.password);
    await form.getByRole("button", { name: "Create Account" }).click();
    await expectUrl(page, "/onboarding");
    await page.getByRole("link", { name: "Crewboard" }).click();
    const menu = await openUserMenu(page);
    await menu.getByText(second.email).waitFor();
    expect(await menu.textContent()).not.toContain(first.email);
  });

  test("a session that ends while a page is open sends the member to sign in at their next step", async ({ page }) => {
    await signUp(page);
    await page.goto("/dashboard");
    await signedInPage(page, "Dashboard");
    // Signed out behind the page's back, as when the session expires or ends on another device.
    await page.context().clearCookies();
    // Their next step is Settings from the menu, unless a request the page makes by itself (the
    // bell, the live room) finds the session gone first and sends them to sign in before it.
    void openUserMenu(page)
      .then((menu) => menu.getByRole("menuitem", { name: "Settings" }).click())
      .catch(() => undefined);
    // Back to where the session was found gone after signing in again: the dashboard or Settings.
    await page.waitForURL(
      (url) =>
        url.pathname === "/auth" &&
        url.searchParams.get("reset") === "true" &&
        ["/dashboard", "/settings"].includes(url.searchParams.get("redirect")!),
    );
  });

  test("a member signs in to the dashboard and the user menu says who they are", async ({ page, newPage }) => {
    const member = await signUp(page);
    await finishOnboarding(page, member);
    const device = await newPage();
    await submitSignIn(device, member.email, member.password);
    await expectUrl(device, "/dashboard");
    const welcome = toast(device, "Welcome Back!");
    await welcome.waitFor();
    const menu = await openUserMenu(device);
    // The menu opened at once: the toast, still showing, does not sit on top of it.
    expect(await welcome.isVisible()).toBe(true);
    await menu.getByText(member.displayName, { exact: true }).waitFor();
    await menu.getByRole("menuitem", { name: member.email }).waitFor();
  });

  test("a wrong password is refused with the spec's message", async ({ page, newPage }) => {
    const member = await signUp(page);
    const device = await newPage();
    const form = await submitSignIn(device, member.email, `${member.password}!`);
    await form.getByRole("alert").filter({ hasText: INVALID_CREDENTIALS }).waitFor();
    await expectUrl(device, "/auth");
  });
});

describe("routing", () => {
  test("an anonymous visit to a protected page is sent to /auth", async ({ page }) => {
    await page.goto("/settings");
    await expectUrl(page, "/auth", "?reset=true&redirect=%2Fsettings");
    await page.getByRole("heading", { name: "Welcome to Crewboard" }).waitFor();
  });

  test("a signed-in member opening /auth is sent to the dashboard", async ({ page }) => {
    await signUp(page);
    await page.goto("/auth");
    await expectUrl(page, "/dashboard");
    await signedInPage(page, "Dashboard");
  });

  test("an unknown path shows the 404 page with a way home, and logs the path", async ({ page }) => {
    const logged: string[] = [];
    page.on("console", (message) => logged.push(message.text()));
    await page.goto("/no-such-page");
    await page.getByRole("heading", { name: "Oops! Page not found" }).waitFor();
    await expect.poll(() => logged.some((line) => line.includes("/no-such-page"))).toBe(true);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expectUrl(page, "/");
  });
});

test("Google sign-in on a server without Google says so", async ({ page }) => {
  await page.goto("/auth");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await toast(page, "Google Sign In Failed").getByText("Google sign-in is not configured on this server.").waitFor();
});

test("a failed Google sign-in shows the spec's message, never words from the link", async ({ page }) => {
  await page.goto("/auth?oauth_error=Your+account+is+locked.+Call+555-0100");
  await toast(page, "Google Sign In Failed").getByText("Failed to sign in with Google. Please try again.").waitFor();
  expect(await page.getByText("Call 555-0100").count()).toBe(0);
});
