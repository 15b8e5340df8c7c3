/** The e-mailed verification link: it confirms an address and never changes who is signed in. */
import { describe, expect } from "vitest";
import { test } from "./harness";
import { expectUrl, newMember, openUserMenu, signedInPage, signUpByApi, submitSignIn } from "./ui";

const INVALID_LINK =
  "Invalid verification link. Please check your email and try again, or contact support if the problem persists.";
const INVALID_CREDENTIALS = "Invalid email or password. Please check your credentials and try again.";

describe("e-mail verification", () => {
  test("the member's own link verifies once and moves on to the dashboard by itself", async ({
    app,
    page,
    newPage,
  }) => {
    const member = await signUpByApi(page);
    await page.goto(await app.latestVerificationLink(member.email));
    await page.getByRole("heading", { name: "Email verified successfully!" }).waitFor();
    await page.getByRole("link", { name: "Go to Dashboard" }).waitFor();
    const shownAt = Date.now();
    await page.waitForURL((url) => url.pathname === "/dashboard", { timeout: 4_000 });
    // Long enough to read the message (the page waits 2 s), without keeping the member waiting.
    expect(Date.now() - shownAt).toBeGreaterThan(1_000);
    await signedInPage(page, "Dashboard");

    const reused = await newPage();
    await reused.goto(await app.latestVerificationLink(member.email));
    await reused.getByRole("heading", { name: "Verification failed" }).waitFor();
    await reused.getByText(INVALID_LINK).waitFor();
  });

  test("a signed-in member opening another account's link stays themselves", async ({ app, page, newPage }) => {
    const other = await signUpByApi(await newPage());
    const member = await signUpByApi(page);

    await page.goto(await app.latestVerificationLink(other.email));
    await page.getByRole("heading", { name: "Email verified successfully!" }).waitFor();
    await page.waitForURL((url) => url.pathname === "/dashboard", { timeout: 4_000 });
    const menu = await openUserMenu(page);
    await menu.getByText(member.email).waitFor();
    expect(await menu.getByText(other.email).count()).toBe(0);
  });

  test("a signed-out visitor is offered sign-in, and a password set by whoever signed up stops working", async ({
    app,
    page,
    newPage,
  }) => {
    const squatter = newMember();
    await signUpByApi(await newPage(), squatter);

    await page.goto(await app.latestVerificationLink(squatter.email));
    await page.getByRole("heading", { name: "Email verified successfully!" }).waitFor();
    await page.getByRole("link", { name: "Sign In" }).click();
    await expectUrl(page, "/auth");

    const form = await submitSignIn(page, squatter.email, squatter.password);
    await form.getByText(INVALID_CREDENTIALS).waitFor();
  });

  test("an error code from the link shows the spec's message, never the link's own words", async ({ page }) => {
    await page.goto("/auth/verify?error=access_denied&error_description=Call+555-0100+to+unlock+your+account");
    await page.getByRole("heading", { name: "Verification failed" }).waitFor();
    await page.getByText(INVALID_LINK).waitFor();
    expect(await page.getByText("555-0100").count()).toBe(0);
  });
});
