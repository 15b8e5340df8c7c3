import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FREE_PLAN_LIMIT_REACHED } from "@core/project-rules";
import { payments, profiles, projects } from "@db/schema";
import { createTestApp, rejection, TEST_ORIGIN, type TestApp, type TestMember } from "@testing/harness";
import {
  completedSession,
  refundedCharge,
  signedDelivery,
  standInEnv,
  startStripeStandIn,
  stripeEvent,
  type StandInSession,
  type StripeStandIn,
} from "@testing/stripe-stand-in";

let standIn: StripeStandIn;
let t: TestApp;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({ ...standInEnv(standIn), APP_URL: TEST_ORIGIN, RATE_LIMIT_SIGNUP_PER_IP: "10000" });
});
afterAll(() => standIn.close());

/** As Stripe posts it: no Origin, no cookie, the signature in a header. */
const post = (body: string, headers: Record<string, string> = {}, app: TestApp = t, path = "/api/stripe/webhook") =>
  app.app.request(path, { method: "POST", body, headers: { "Content-Type": "application/json", ...headers } });

async function deliver(event: object) {
  const { body, signature } = signedDelivery(event);
  return post(body, { "Stripe-Signature": signature });
}

async function checkout(m: TestMember): Promise<StandInSession> {
  const { url } = await m.trpc.billing.createCheckout.mutate({ attemptId: crypto.randomUUID() });
  return [...standIn.sessions.values()].find((s) => s.url === url)!;
}

const profileOf = async (m: TestMember) => (await t.db.select().from(profiles).where(eq(profiles.id, m.me.id)))[0]!;
const paymentFor = async (session: StandInSession) =>
  (await t.db.select().from(payments).where(eq(payments.stripeSessionId, session.id)))[0];
const isPro = async (m: TestMember) => (await m.trpc.auth.me.query())!.profile!.isPro;

const paid = (session: StandInSession) => stripeEvent("checkout.session.completed", completedSession(session));

describe("POST /api/stripe/webhook", () => {
  it("makes the member Pro when Stripe confirms a paid checkout, recording session and event", async () => {
    const m = await t.member();
    const session = await checkout(m);
    const event = paid(session);

    const response = await deliver(event);

    expect(response.status).toBe(200);
    expect(await profileOf(m)).toMatchObject({ isPro: true, subscriptionStatus: "lifetime" });
    expect(await paymentFor(session)).toMatchObject({
      userId: m.me.id,
      status: "paid",
      stripeEventId: event.id,
      stripePaymentIntentId: completedSession(session).payment_intent,
      amount: 999,
      currency: "usd",
      paidAt: expect.any(Date),
    });
  });

  it("waits for the money on a completed but unpaid checkout, and grants Pro on the async success", async () => {
    const m = await t.member();
    const session = await checkout(m);

    expect((await deliver(stripeEvent("checkout.session.completed", completedSession(session, "unpaid")))).status).toBe(
      200,
    );
    expect(await isPro(m)).toBe(false);
    expect(await paymentFor(session)).toMatchObject({ status: "pending" });

    const success = stripeEvent("checkout.session.async_payment_succeeded", completedSession(session));
    expect((await deliver(success)).status).toBe(200);
    expect(await isPro(m)).toBe(true);
    expect(await paymentFor(session)).toMatchObject({ status: "paid", stripeEventId: success.id });
  });

  it("changes nothing twice for duplicates, replays and a second event about the same payment", async () => {
    const m = await t.member();
    const session = await checkout(m);
    const first = paid(session);
    await deliver(first);
    const recorded = await paymentFor(session);

    const responses = await Promise.all([
      deliver(first),
      deliver(first),
      deliver(stripeEvent("checkout.session.async_payment_succeeded", completedSession(session))),
    ]);

    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await t.db.select().from(payments).where(eq(payments.userId, m.me.id))).toEqual([recorded]);
    expect(await profileOf(m)).toMatchObject({ isPro: true, subscriptionStatus: "lifetime" });
  });

  it("takes Pro away on a full refund; the member keeps their projects but cannot create more while over the limit", async () => {
    const m = await t.member();
    const session = await checkout(m);
    await deliver(paid(session));
    for (const title of ["P1", "P2", "P3", "P4"]) {
      await m.trpc.projects.create.mutate({ title, category: "Web Development" });
    }

    const response = await deliver(stripeEvent("charge.refunded", refundedCharge(session)));

    expect(response.status).toBe(200);
    expect(await profileOf(m)).toMatchObject({ isPro: false, subscriptionStatus: "free" });
    expect(await paymentFor(session)).toMatchObject({ status: "refunded", refundedAt: expect.any(Date) });
    expect(await t.db.$count(projects, eq(projects.userId, m.me.id))).toBe(4);
    expect(await rejection(m.trpc.projects.create.mutate({ title: "P5", category: "Web Development" }))).toMatchObject({
      code: "FORBIDDEN",
      message: FREE_PLAN_LIMIT_REACHED,
    });
    expect(await t.db.$count(projects, eq(projects.userId, m.me.id))).toBe(4);
  });

  it("leaves Pro in place after a partial refund", async () => {
    const m = await t.member();
    const session = await checkout(m);
    await deliver(paid(session));

    expect((await deliver(stripeEvent("charge.refunded", refundedCharge(session, 500)))).status).toBe(200);

    expect(await isPro(m)).toBe(true);
    expect(await paymentFor(session)).toMatchObject({ status: "paid" });
  });

  it("does not grant Pro again when the confirmation is replayed after a refund", async () => {
    const m = await t.member();
    const session = await checkout(m);
    const confirmation = paid(session);
    await deliver(confirmation);
    await deliver(stripeEvent("charge.refunded", refundedCharge(session)));

    await deliver(confirmation);
    await deliver(stripeEvent("checkout.session.async_payment_succeeded", completedSession(session)));

    expect(await isPro(m)).toBe(false);
    expect(await paymentFor(session)).toMatchObject({ status: "refunded" });
  });

  it("does not grant Pro when the refund was delivered before the payment it undoes", async () => {
    const m = await t.member();
    const session = await checkout(m);

    expect((await deliver(stripeEvent("charge.refunded", refundedCharge(session)))).status).toBe(200);
    expect((await deliver(paid(session))).status).toBe(200);

    expect(await isPro(m)).toBe(false);
    expect(await paymentFor(session)).toMatchObject({ status: "refunded" });
  });

  it("ignores checkouts that are not ours or name no member, and event types it does not use", async () => {
    const m = await t.member();
    const session = await checkout(m);
    const events = [
      stripeEvent("checkout.session.completed", { ...completedSession(session), metadata: {} }),
      stripeEvent("checkout.session.completed", { ...completedSession(session), client_reference_id: null }),
      stripeEvent("checkout.session.completed", {
        ...completedSession(session),
        client_reference_id: "no-such-member",
      }),
      stripeEvent("customer.created", { id: "cus_123", object: "customer" }),
      stripeEvent("payment_intent.succeeded", {
        id: completedSession(session).payment_intent,
        object: "payment_intent",
      }),
    ];

    for (const event of events) expect((await deliver(event)).status).toBe(200);

    expect(await isPro(m)).toBe(false);
    expect(await paymentFor(session)).toMatchObject({ status: "pending", stripeEventId: null });
    expect(await t.db.$count(payments, eq(payments.stripeSessionId, session.id))).toBe(1);
  });

  it.each([
    ["no signature", (body: string) => post(body)],
    [
      "a signature made with another secret",
      (body: string) => post(body, { "Stripe-Signature": signedDelivery(JSON.parse(body), "whsec_other").signature }),
    ],
    [
      "a body changed after signing",
      (body: string) =>
        post(body.replace("paid", "paid "), { "Stripe-Signature": signedDelivery(JSON.parse(body)).signature }),
    ],
    [
      "a signature older than Stripe's tolerance",
      (body: string) =>
        post(body, {
          "Stripe-Signature": signedDelivery(JSON.parse(body), undefined, Math.floor(Date.now() / 1000) - 3600)
            .signature,
        }),
    ],
    ["a signature header that is not one", (body: string) => post(body, { "Stripe-Signature": "t=1,v1=abc" })],
  ])("answers 400 to %s and changes nothing", async (_name, send) => {
    const m = await t.member();
    const session = await checkout(m);
    const body = JSON.stringify(paid(session));

    const response = await send(body);

    expect(response.status).toBe(400);
    expect(await isPro(m)).toBe(false);
    expect(await paymentFor(session)).toMatchObject({ status: "pending" });
  });

  it("answers 503 on a server without Stripe configured, so Stripe delivers again later", async () => {
    const local = await createTestApp();
    const { body, signature } = signedDelivery(stripeEvent("customer.created", { id: "cus_1", object: "customer" }));
    expect((await post(body, { "Stripe-Signature": signature }, local)).status).toBe(503);
  });
});

describe("the Origin check's exemption", () => {
  it("is exactly the webhook path: every other state-changing API request without an Origin is refused", async () => {
    const body = JSON.stringify({});
    // Reached the webhook (its own signature check answers), not the Origin check.
    expect((await post(body)).status).toBe(400);

    const others = [
      "/api/stripe/webhook/",
      "/api/stripe/webhook/extra",
      "/api/stripe/webhooks",
      "/api/stripe/webhook.json",
      "/api/stripe",
      "/api/stripe/../trpc/auth.signOut",
      "/api/trpc/billing.createCheckout",
      "/api/trpc/auth.signOut",
      "/api/avatars/x",
      "/api/health",
    ];
    for (const path of others) {
      const response = await post(body, {}, t, path);
      expect({ path, status: response.status }).toEqual({ path, status: 403 });
    }
  });
});
