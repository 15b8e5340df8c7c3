import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALREADY_PRO, PAYMENT_PROVIDER_FAILED, PAYMENTS_NOT_CONFIGURED } from "@core/billing-rules";
import { payments } from "@db/schema";
import { createTestApp, rejection, type TestApp, type TestMember } from "@testing/harness";
import { ALONE_ONLY } from "../trpc";
import {
  completedSession,
  refundedCharge,
  signedDelivery,
  standInEnv,
  startStripeStandIn,
  stripeEvent,
  type StripeStandIn,
} from "@testing/stripe-stand-in";

/** The public origin, deliberately not the one the test requests are sent to. */
const APP_URL = "https://crewboard.example";

let standIn: StripeStandIn;
let t: TestApp;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({ ...standInEnv(standIn), APP_URL, RATE_LIMIT_SIGNUP_PER_IP: "10000" });
});
afterAll(() => standIn.close());

const attempt = () => ({ attemptId: crypto.randomUUID() });

const paymentsOf = (m: TestMember) => t.db.select().from(payments).where(eq(payments.userId, m.me.id));

async function checkout(m: TestMember) {
  const { url } = await m.trpc.billing.createCheckout.mutate(attempt());
  const session = [...standIn.sessions.values()].find((s) => s.url === url)!;
  return session;
}

async function deliver(event: object) {
  const { body, signature } = signedDelivery(event);
  const response = await t.app.request("/api/stripe/webhook", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
  });
  expect(response.status).toBe(200);
}

describe("billing.createCheckout", () => {
  it("asks Stripe for one Lifetime Pro Checkout Session priced by the server, and returns its URL", async () => {
    const m = await t.member("Ada Lovelace", "ada.checkout@example.com");
    const input = attempt();
    const sent = standIn.requests.length;

    const { url } = await m.trpc.billing.createCheckout.mutate(input);

    expect(standIn.requests.length).toBe(sent + 1);
    const request = standIn.requests.at(-1)!;
    expect(request.path).toBe("/v1/checkout/sessions");
    expect(request.authorization).toBe("Bearer sk_test_stand_in");
    expect(request.idempotencyKey).toBe(`pro-lifetime:${m.me.id}:${input.attemptId}`);
    expect(request.params).toMatchObject({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][unit_amount]": "999",
      "line_items[0][price_data][currency]": "usd",
      client_reference_id: m.me.id,
      customer_email: "ada.checkout@example.com",
      success_url: `${APP_URL}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${APP_URL}/pricing`,
      "metadata[productId]": "crewboard-pro-lifetime",
    });
    const session = [...standIn.sessions.values()].at(-1)!;
    expect(url).toBe(`${standIn.url}/pay/${session.id}`);
    expect(await paymentsOf(m)).toMatchObject([
      { stripeSessionId: session.id, status: "pending", amount: 999, currency: "usd", paidAt: null },
    ]);
  });

  it("builds the way back from APP_URL even when the request names another host", async () => {
    const m = await t.member();
    const response = await m.request("http://evil.example/api/trpc/billing.createCheckout", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "http://evil.example" },
      body: JSON.stringify({ json: attempt() }),
    });
    expect(response.status).toBe(200);
    expect(standIn.requests.at(-1)!.params).toMatchObject({
      success_url: `${APP_URL}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${APP_URL}/pricing`,
    });
  });

  it("makes one session for a double click, and a new one for a new attempt", async () => {
    const m = await t.member();
    const input = attempt();
    const sessionsBefore = standIn.sessions.size;

    const [first, second] = await Promise.all([
      m.trpc.billing.createCheckout.mutate(input),
      m.trpc.billing.createCheckout.mutate(input),
    ]);

    expect(second.url).toBe(first.url);
    expect(standIn.sessions.size).toBe(sessionsBefore + 1);
    expect(standIn.requests.slice(-2).map((r) => r.idempotencyKey)).toEqual([
      `pro-lifetime:${m.me.id}:${input.attemptId}`,
      `pro-lifetime:${m.me.id}:${input.attemptId}`,
    ]);
    expect(await paymentsOf(m)).toHaveLength(1);

    const again = await m.trpc.billing.createCheckout.mutate(attempt());
    expect(again.url).not.toBe(first.url);
    expect(await paymentsOf(m)).toHaveLength(2);
  });

  it("refuses to run inside a batch, so one request cannot ask Stripe for many sessions", async () => {
    const m = await t.member();
    const sent = standIn.requests.length;
    const response = await m.request("/api/trpc/billing.createCheckout,billing.createCheckout?batch=1", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ 0: { json: attempt() }, 1: { json: attempt() } }),
    });
    const answers = (await response.json()) as { error?: { json: { message: string } } }[];
    expect(answers.map((answer) => answer.error?.json.message)).toEqual([ALONE_ONLY, ALONE_ONLY]);
    expect(standIn.requests.length).toBe(sent);
  });

  it("refuses a second purchase to a Pro member without asking Stripe", async () => {
    const m = await t.member();
    await deliver(stripeEvent("checkout.session.completed", completedSession(await checkout(m))));
    const sent = standIn.requests.length;

    expect(await rejection(m.trpc.billing.createCheckout.mutate(attempt()))).toEqual({
      code: "CONFLICT",
      status: 409,
      message: ALREADY_PRO,
    });
    expect(standIn.requests.length).toBe(sent);
  });

  it("says Stripe's refusal plainly, records nothing, and a new attempt works", async () => {
    const m = await t.member();
    standIn.failNext({ status: 400, message: "Invalid API Key provided" });

    expect(await rejection(m.trpc.billing.createCheckout.mutate(attempt()))).toEqual({
      code: "BAD_GATEWAY",
      status: 502,
      message: PAYMENT_PROVIDER_FAILED,
    });
    expect(await paymentsOf(m)).toEqual([]);
    await expect(m.trpc.billing.createCheckout.mutate(attempt())).resolves.toMatchObject({ url: expect.any(String) });
  });

  it("passes on a session without a checkout URL as such", async () => {
    const m = await t.member();
    standIn.omitUrls();
    try {
      await expect(m.trpc.billing.createCheckout.mutate(attempt())).resolves.toEqual({ url: null });
    } finally {
      standIn.omitUrls(false);
    }
  });

  it("needs a signed-in member and a well-formed attempt id", async () => {
    const sent = standIn.requests.length;
    expect(await rejection(t.browser().trpc.billing.createCheckout.mutate(attempt()))).toMatchObject({
      code: "UNAUTHORIZED",
    });
    const m = await t.member();
    expect(await rejection(m.trpc.billing.createCheckout.mutate({ attemptId: "again" }))).toMatchObject({
      code: "BAD_REQUEST",
      message: "Invalid checkout attempt.",
    });
    expect(standIn.requests.length).toBe(sent);
  });

  it("says payments are not configured on a server without STRIPE_SECRET_KEY", async () => {
    const local = await createTestApp();
    const m = await local.member();
    expect(await rejection(m.trpc.billing.createCheckout.mutate(attempt()))).toEqual({
      code: "PRECONDITION_FAILED",
      status: 412,
      message: PAYMENTS_NOT_CONFIGURED,
    });
  });
});

describe("billing.status", () => {
  it("follows the member's own checkout: pending, then active once Stripe confirms, refunded after a refund", async () => {
    const m = await t.member();
    const session = await checkout(m);
    expect(await m.trpc.billing.status.query({ sessionId: session.id })).toEqual({ state: "pending" });

    await deliver(stripeEvent("checkout.session.completed", completedSession(session)));
    expect(await m.trpc.billing.status.query({ sessionId: session.id })).toEqual({ state: "active" });

    await deliver(stripeEvent("charge.refunded", refundedCharge(session)));
    expect(await m.trpc.billing.status.query({ sessionId: session.id })).toEqual({ state: "refunded" });
  });

  it("knows nothing of unknown sessions or of another member's", async () => {
    const owner = await t.member();
    const stranger = await t.member();
    const session = await checkout(owner);
    await deliver(stripeEvent("checkout.session.completed", completedSession(session)));

    expect(await stranger.trpc.billing.status.query({ sessionId: session.id })).toEqual({ state: "not_found" });
    expect(await owner.trpc.billing.status.query({ sessionId: "cs_test_unknown" })).toEqual({ state: "not_found" });
    expect(await rejection(t.browser().trpc.billing.status.query({ sessionId: session.id }))).toMatchObject({
      code: "UNAUTHORIZED",
    });
  });
});

describe("billing.plan", () => {
  it("is free with no date, then Pro since the payment, then free again after a full refund", async () => {
    const m = await t.member();
    expect(await m.trpc.billing.plan.query()).toEqual({ pro: false, purchasedAt: null });

    const session = await checkout(m);
    await deliver(stripeEvent("checkout.session.completed", completedSession(session)));
    const [payment] = await paymentsOf(m);
    expect(await m.trpc.billing.plan.query()).toEqual({ pro: true, purchasedAt: payment!.paidAt });

    await deliver(stripeEvent("charge.refunded", refundedCharge(session)));
    expect(await m.trpc.billing.plan.query()).toEqual({ pro: false, purchasedAt: null });
  });
});
