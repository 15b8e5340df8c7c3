/** Forgotten passwords and Settings → Account and security, clicked through as a member would. */
import { describe, expect } from "vitest";
import type { Page } from "playwright-core";
import { test } from "./harness";
import { authForm, expectUrl, finishOnboarding, signedInPage, signUpByApi, submitSignIn, toast } from "./ui";

const RESET_LINK_SENT = "If an account exists for that address, we have sent a link.";
const INVALID_RESET_LINK = "This link has expired or was already used. Ask for a new one.";
const INVALID_CREDENTIALS = "Invalid email or password. Please check your credentials and try again.";

async function askForResetLink(page: Page, email: string) {
  await page.goto("/auth");
  const form = await authForm(page, "Sign In");
  await form.getByRole("link", { name: "Forgot password?" }).click();
  await expectUrl(page, "/auth/forgot-password");
  await page.getByRole("heading", { name: "Forgot password?" }).waitFor();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await page.getByRole("status").getByText(RESET_LINK_SENT).waitFor();
}

describe("forgotten password", () => {
  test("the e-mailed link sets a new password and signs the member in; it works once", async ({
    app,
    page,
    newPage,
  }) => {
    const signedUp = await newPage();
    const member = await signUpByApi(signedUp);
    await finishOnboarding(signedUp, member);
    await askForResetLink(page, member.email);
    const link = await app.latestLink(member.email, "/auth/reset-password");
    expect(new URL(link).origin).toBe(app.url);

    await page.goto(link);
    await page.getByLabel("New Password", { exact: true }).fill("a brand new secret");
    await page.getByRole("button", { name: "Set New Password" }).click();
    await expectUrl(page, "/dashboard");
    await toast(page, "Password Changed").waitFor();
    await signedInPage(page, "Dashboard");

    const other = await newPage();
    const form = await submitSignIn(other, member.email, member.password);
    await form.getByText(INVALID_CREDENTIALS).waitFor();
    await submitSignIn(other, member.email, "a brand new secret");
    await expectUrl(other, "/dashboard");

    // The same link again: a clear message and a way to ask anew.
    const reused = await newPage();
    await reused.goto(link);
    await reused.getByLabel("New Password", { exact: true }).fill("yet another one");
    await reused.getByRole("button", { name: "Set New Password" }).click();
    await reused.getByText(INVALID_RESET_LINK).waitFor();
    await reused.getByRole("link", { name: "Ask for a New Link" }).click();
    await expectUrl(reused, "/auth/forgot-password");
  });

  test("an address without an account gets the same answer", async ({ page }) => {
    await askForResetLink(page, "nobody.at.all@example.com");
  });

  test("a made-up link says so at once", async ({ page }) => {
    await page.goto("/auth/reset-password");
    await page.getByText(INVALID_RESET_LINK).waitFor();
    await page.getByRole("link", { name: "Ask for a New Link" }).waitFor();
  });
});

describe("Settings → Account and security", () => {
  test("changing the password signs out a second browser and keeps this one", async ({ page, newPage }) => {
    const member = await signUpByApi(page);
    await finishOnboarding(page, member);
    const laptop = await newPage();
    await submitSignIn(laptop, member.email, member.password);
    await expectUrl(laptop, "/dashboard");

    await page.goto("/settings");
    const section = page.getByRole("region", { name: "Password" });
    await section.getByLabel("Current Password", { exact: true }).fill(member.password);
    await section.getByLabel("New Password", { exact: true }).fill("changed on purpose");
    await section.getByRole("button", { name: "Change Password" }).click();
    await toast(page, "Password Changed").waitFor();

    await laptop.goto("/dashboard");
    await expectUrl(laptop, "/auth", "?reset=true&redirect=%2Fdashboard");
    await page.goto("/dashboard");
    await signedInPage(page, "Dashboard");
  });

  test("a wrong current password is refused in place", async ({ page }) => {
    await signUpByApi(page);
    await page.goto("/settings");
    const section = page.getByRole("region", { name: "Password" });
    await section.getByLabel("Current Password", { exact: true }).fill("not my password");
    await section.getByLabel("New Password", { exact: true }).fill("changed on purpose");
    await section.getByRole("button", { name: "Change Password" }).click();
    await section.getByText("Your current password is not correct.").waitFor();
  });

  test("a new e-mail address takes over once its link is opened", async ({ app, page, newPage }) => {
    const member = await signUpByApi(page);
    await finishOnboarding(page, member);
    const newEmail = `moved.${member.email}`;
    await page.goto("/settings");
    const section = page.getByRole("region", { name: "E-mail address" });
    await section.getByLabel("New Email").fill(newEmail);
    await section.getByLabel("Current Password", { exact: true }).fill(member.password);
    await section.getByRole("button", { name: "Send Confirmation Link" }).click();
    await section.getByRole("status").getByText(newEmail).waitFor();

    const mailbox = await newPage();
    await mailbox.goto(await app.latestLink(newEmail, "/auth/confirm-email"));
    await mailbox.getByRole("heading", { name: "E-mail address changed" }).waitFor();

    await page.reload();
    await section.getByText(`You sign in with ${newEmail}.`).waitFor();
    const again = await newPage();
    await submitSignIn(again, newEmail, member.password);
    await expectUrl(again, "/dashboard");
  });
});
