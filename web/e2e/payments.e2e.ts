// Own host: its Stripe keys and API point at this file's Stripe stand-in.
/**
 * Buying Lifetime Pro as a member does it: pricing, the Stripe Checkout tab (a local stand-in,
 * since Stripe cannot be reached here), Stripe's signed webhook, the confirmation page, Pro unlocked;
 * then a full refund taking it away again.
 */
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { PAYMENT_PROVIDER_FAILED } from "@core/billing-rules";
import { FREE_PLAN_LIMIT_REACHED } from "@core/project-rules";
import {
  completedSession,
  refundedCharge,
  signedDelivery,
  standInEnv,
  startStripeStandIn,
  stripeEvent,
  type StandInSession,
} from "@testing/stripe-stand-in";
import { ownHostTest as base } from "./harness";
import { authForm, expectUrl, finishOnboarding, newMember, openUserMenu, signUpByApi, toast } from "./ui";

const test = base
  .extend("stripe", { scope: "file" }, async ({}, { onCleanup }) => {
    const standIn = await startStripeStandIn();
    onCleanup(() => standIn.close());
    return standIn;
  })
  // APP_URL is left to the Node host: its own address, as `npm start` has it.
  .override("appEnv", { scope: "file" }, async ({ stripe }) => standInEnv(stripe));

/** What Stripe does after the buyer pays: post the signed event to the webhook. */
async function stripeSends(appUrl: string, event: object) {
  const { body, signature } = signedDelivery(event);
  const response = await fetch(`${appUrl}/api/stripe/webhook`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body,
  });
  expect(response.status).toBe(200);
}

/** Set-up that is not under test goes through the API, as the signed-in page would call it. */
async function createProjects(page: Page, titles: string[]) {
  for (const title of titles) {
    const status = await page.evaluate(
      (input) =>
        fetch("/api/trpc/projects.create", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ json: input }),
        }).then((r) => r.status),
      { title, category: "Other" },
    );
    expect(status).toBe(200);
  }
}

async function createProjectInDialog(page: Page, title: string) {
  await page.goto("/my-projects");
  await page.getByRole("button", { name: "Create Project" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Project" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Category").click();
  await page.getByRole("option", { name: "Other", exact: true }).click();
  await dialog.getByRole("button", { name: "Create Project" }).click();
  return dialog;
}

const proBadge = (page: Page) => page.getByRole("banner").getByText("Pro", { exact: true });

describe("Lifetime Pro", () => {
  // The longest flow here, and the file's first test: it also waits for the server and browser to start.
  test("a visitor signs in from Pricing, pays in Checkout, and Pro arrives with Stripe's webhook; a refund takes it away", async ({
    app,
    stripe,
    newPage,
  }) => {
    const member = newMember();
    const signedUp = await newPage();
    await signUpByApi(signedUp, member);
    await finishOnboarding(signedUp, member);

    // Anonymous: the button asks to sign in first and comes back to Pricing.
    const page = await newPage();
    await page.goto("/pricing");
    await page.getByRole("button", { name: "Get Lifetime Access" }).click();
    await expectUrl(page, "/auth", "?redirect=%2Fpricing");
    const form = await authForm(page, "Sign In");
    await form.getByLabel("Email").fill(member.email);
    await form.getByLabel("Password", { exact: true }).fill(member.password);
    await form.getByRole("button", { name: "Sign In" }).click();
    await expectUrl(page, "/pricing");
    await createProjects(page, ["One", "Two", "Three"]);

    // Held at the server's door, the button shows that it is working and cannot be pressed again.
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    await page.route("**/api/trpc/billing.createCheckout*", async (route) => {
      await held;
      await route.continue();
    });
    const buy = page.getByRole("button", { name: /Get Lifetime Access|Processing/ });
    await buy.click();
    await page.getByRole("button", { name: "Processing..." }).waitFor();
    expect(await buy.isDisabled()).toBe(true);
    const checkoutTab = page.waitForEvent("popup");
    release();

    const checkout = await checkoutTab;
    await checkout.getByRole("heading", { name: /^Stand-in checkout cs_test_/ }).waitFor();
    await toast(page, "Redirecting to Checkout").waitFor();
    await page.getByRole("button", { name: "Get Lifetime Access" }).waitFor();
    const session = [...stripe.sessions.values()].find((s) => s.url === checkout.url()) as StandInSession;
    expect(session).toMatchObject({ amount_total: 999, currency: "usd", mode: "payment" });
    expect(stripe.requests.at(-1)!.params).toMatchObject({
      success_url: `${app.url}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${app.url}/pricing`,
    });

    // Stripe sends the buyer back before its webhook has arrived: the page waits for it.
    await checkout.goto(session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id));
    await checkout.getByRole("heading", { name: "Activating your Pro access..." }).waitFor();
    await stripeSends(app.url, stripeEvent("checkout.session.completed", completedSession(session)));
    await checkout.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    await checkout.getByText("Active", { exact: true }).waitFor();

    // Pro shows by the name, in Settings with the date, and lifts the 3-project limit.
    await proBadge(checkout).waitFor();
    const menu = await openUserMenu(checkout);
    await menu.getByText("Pro", { exact: true }).waitFor();
    await checkout.keyboard.press("Escape");
    await checkout.goto("/settings");
    const plan = checkout.getByRole("definition").filter({ hasText: "Lifetime Access" });
    await plan.getByText("Pro", { exact: true }).waitFor();
    const today = new Date().toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });
    await checkout.getByRole("definition").filter({ hasText: today }).waitFor();
    const fourth = await createProjectInDialog(checkout, "Four");
    await toast(checkout, "Project Created").waitFor();
    await fourth.waitFor({ state: "hidden" });

    await checkout.goto("/pricing");
    await checkout.getByText("You have Lifetime Access", { exact: true }).waitFor();
    expect(await checkout.getByRole("button", { name: "Get Lifetime Access" }).count()).toBe(0);

    // A full refund: Pro is gone, the four projects stay, a fifth is refused with the reason.
    await stripeSends(app.url, stripeEvent("charge.refunded", refundedCharge(session)));
    await checkout.goto("/my-projects");
    await checkout.getByRole("heading", { name: "Four" }).waitFor();
    expect(await proBadge(checkout).count()).toBe(0);
    // Back on the free plan at four projects: the dialog refuses before there is anything to fill in.
    await checkout.getByRole("button", { name: "Create Project" }).click();
    const fifth = checkout.getByRole("dialog", { name: "Create New Project" });
    await fifth.getByRole("alert").getByText(FREE_PLAN_LIMIT_REACHED).waitFor();
    expect(await fifth.getByLabel("Title").count()).toBe(0);
    await checkout.goto("/settings");
    await checkout.getByRole("link", { name: "Upgrade to Pro" }).waitFor();
  }, 120_000);

  test("a newcomer who signs up from Pricing sets up the profile and lands back on Pricing", async ({ page }) => {
    await page.goto("/pricing");
    await page.getByRole("button", { name: "Get Lifetime Access" }).click();
    await expectUrl(page, "/auth", "?redirect=%2Fpricing");
    const member = newMember();
    const form = await authForm(page, "Sign Up");
    await form.getByLabel("Display Name").fill(member.displayName);
    await form.getByLabel("Email").fill(member.email);
    await form.getByLabel("Password", { exact: true }).fill(member.password);
    await form.getByRole("button", { name: "Create Account" }).click();

    await expectUrl(page, "/onboarding", "?redirect=%2Fpricing");
    const next = page.getByRole("button", { name: "Next" });
    await page.getByText("Step 1 of 4").waitFor();
    await next.click();
    for (const [label, option] of [
      ["Developer Type", "Backend Developer"],
      ["Experience Level", "Advanced (3-5 years)"],
    ]) {
      await page.getByLabel(label!).click();
      await page.getByRole("option", { name: option, exact: true }).click();
    }
    await next.click();
    await page.getByLabel("Web Development").click();
    await next.click();
    await page.getByRole("button", { name: "Get Started" }).click();

    await expectUrl(page, "/pricing");
    await page.getByRole("button", { name: "Get Lifetime Access" }).waitFor();
  });

  test("a checkout that cannot start says why in a 'Payment Error' toast and the button is ready again", async ({
    stripe,
    page,
  }) => {
    await signUpByApi(page);
    await page.goto("/pricing");
    const buy = page.getByRole("button", { name: "Get Lifetime Access" });
    const failsWith = async (description: string) => {
      await buy.click();
      const error = toast(page, "Payment Error").filter({ hasText: description });
      await error.waitFor();
      expect(await error.getAttribute("data-type")).toBe("error");
      await buy.waitFor();
      expect(await buy.isEnabled()).toBe(true);
    };

    stripe.failNext({ status: 400, message: "Invalid API Key provided" });
    await failsWith(`Function error: ${PAYMENT_PROVIDER_FAILED}`);

    stripe.omitUrls();
    try {
      await failsWith("No checkout URL received from payment function");
    } finally {
      stripe.omitUrls(false);
    }
    expect(page.context().pages()).toHaveLength(1);
    // The failed attempt is over: the next click gets a checkout of its own, not the same answer.
    const tab = page.waitForEvent("popup");
    await buy.click();
    await (await tab).close();

    await page.route("**/api/trpc/billing.createCheckout*", (route) => route.abort("internetdisconnected"));
    await failsWith("Failed to create payment session");
    expect(page.context().pages()).toHaveLength(1);
  });

  test("someone else's payment, or none, is not found; the way to help is offered", async ({
    stripe,
    app,
    page,
    newPage,
  }) => {
    const buyer = await newPage();
    await signUpByApi(buyer);
    await buyer.goto("/pricing");
    const tab = buyer.waitForEvent("popup");
    await buyer.getByRole("button", { name: "Get Lifetime Access" }).click();
    const checkout = await tab;
    await checkout.getByRole("heading", { name: /^Stand-in checkout/ }).waitFor();
    const session = [...stripe.sessions.values()].find((s) => s.url === checkout.url())!;
    await stripeSends(app.url, stripeEvent("checkout.session.completed", completedSession(session)));

    await signUpByApi(page);
    for (const id of [session.id, "cs_test_made_up"]) {
      await page.goto(`/payment-success?session_id=${id}`);
      await page.getByRole("heading", { name: "We could not find this payment" }).waitFor();
      expect(await page.getByText("Payment Successful!").count()).toBe(0);
      await page.getByRole("link", { name: "Visit Help Center" }).waitFor();
    }
    await page.getByRole("link", { name: "Visit Help Center" }).click();
    await expectUrl(page, "/help-center");
  });
});
