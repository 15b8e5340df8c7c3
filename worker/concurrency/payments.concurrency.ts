/**
 * Stripe delivers at least once, sometimes the same event several times at the same moment, and
 * members double-click: through every serving process of one host, each purchase is still one
 * payment and one grant, each refund one revocation, and nothing answers a server error.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { RunningHost } from "@testing/host";
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
import { countRows, expectNoServerErrors, outcome, signUpMany, startCrowdHost } from "./crowd";

const MEMBERS = 8;
const COPIES = 4;

let stripe: StripeStandIn;
let host: RunningHost;
let members: Awaited<ReturnType<typeof signUpMany>>;
const sessions: StandInSession[] = [];

beforeAll(async () => {
  stripe = await startStripeStandIn();
  host = await startCrowdHost({ env: standInEnv(stripe) });
  members = await signUpMany(host, MEMBERS, "buyer");
});
afterAll(async () => {
  await host?.stop();
  await stripe?.close();
});

/** Each delivery on a connection of its own, so the copies land on different processes. */
async function deliver(event: object) {
  const { body, signature } = signedDelivery(event);
  const response = await fetch(`${host.url}/api/stripe/webhook`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature, Connection: "close" },
    body,
  });
  return response.status;
}

describe("on the multi-process host", () => {
  test("a member's simultaneous clicks on one attempt make one Checkout Session and one pending payment", async () => {
    const outcomes = await Promise.all(
      members.flatMap((m) => {
        const attemptId = crypto.randomUUID();
        return Array.from({ length: COPIES }, () =>
          outcome(m.browser.trpc.billing.createCheckout.mutate({ attemptId })),
        );
      }),
    );
    expectNoServerErrors(outcomes);
    const urls = outcomes.map((o) => (o.ok ? o.value.url : null));
    expect(new Set(urls).size).toBe(MEMBERS);
    expect(urls).not.toContain(null);
    expect(stripe.sessions.size).toBe(MEMBERS);
    for (const m of members) {
      expect(await countRows(host, "payments", "user_id = ? AND status = 'pending'", [m.id])).toBe(1);
    }
    sessions.push(...stripe.sessions.values());
  });

  test("copies of every confirmation delivered at once: each member Pro once, one paid payment each", async () => {
    const statuses = await Promise.all(
      sessions.flatMap((session) => {
        const paid = stripeEvent("checkout.session.completed", completedSession(session));
        const async = stripeEvent("checkout.session.async_payment_succeeded", completedSession(session));
        return [...Array.from({ length: COPIES }, () => deliver(paid)), deliver(async)];
      }),
    );
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(await countRows(host, "payments", "status = 'paid'")).toBe(MEMBERS);
    expect(await countRows(host, "payments")).toBe(MEMBERS);
    expect(await countRows(host, "profiles", "is_pro = 1 AND subscription_status = 'lifetime'")).toBe(MEMBERS);
  });

  test("refunds delivered at once with replayed confirmations: every member back on the free plan", async () => {
    const statuses = await Promise.all(
      sessions.flatMap((session) => {
        const refund = stripeEvent("charge.refunded", refundedCharge(session));
        const replay = stripeEvent("checkout.session.completed", completedSession(session));
        return [...Array.from({ length: COPIES }, () => deliver(refund)), deliver(replay), deliver(replay)];
      }),
    );
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(await countRows(host, "payments", "status = 'refunded'")).toBe(MEMBERS);
    expect(await countRows(host, "profiles", "is_pro = 0 AND subscription_status = 'free'")).toBe(MEMBERS);
    expect(await countRows(host, "stripe_refunds")).toBe(MEMBERS);
  });
});
