/**
 * POST /api/stripe/webhook: the only way a member becomes Pro. Stripe posts signed events here with
 * no Origin and no cookie, so this route is mounted before the Origin check and the session.
 * Every answer to a verified event is 200 (also for repeats and for types we do not use): any
 * other status makes Stripe deliver it again, for days.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type Stripe from "stripe";
import { PAYMENTS_NOT_CONFIGURED, PRO_LIFETIME } from "@core/billing-rules";
import type { Db } from "@db/client";
import { confirmPayment, refundPayment } from "../billing/payments";
import { verifiedEvent } from "../billing/stripe";
import { tellNotified, type Notified } from "../notifications/write";
import type { AppEnv } from "../env";

export const STRIPE_WEBHOOK_PATH = "/api/stripe/webhook";

/** Stripe's events are a few kilobytes; nothing legitimate comes near this. */
const MAX_EVENT_BYTES = 256 * 1024;

const idOf = (value: string | { id: string } | null) => (typeof value === "string" ? value : (value?.id ?? null));

/** A paid checkout of ours, for a member: what confirms Pro. Answers who was notified. */
async function checkoutPaid(db: Db, event: Stripe.Event, session: Stripe.Checkout.Session): Promise<Notified> {
  const ours = session.mode === "payment" && session.metadata?.productId === PRO_LIFETIME.productId;
  if (!ours || session.payment_status !== "paid" || !session.client_reference_id) return [];
  return confirmPayment(db, {
    sessionId: session.id,
    userId: session.client_reference_id,
    paymentIntentId: idOf(session.payment_intent),
    amount: session.amount_total ?? PRO_LIFETIME.amount,
    currency: session.currency ?? PRO_LIFETIME.currency,
    eventId: event.id,
  });
}

export const stripeWebhook = new Hono<AppEnv>().post(
  "/",
  bodyLimit({ maxSize: MAX_EVENT_BYTES, onError: (c) => c.json({ error: "Event too large." }, 413) }),
  async (c) => {
    const stripe = c.var.config.stripe;
    if (!stripe) return c.json({ error: PAYMENTS_NOT_CONFIGURED }, 503);
    // The signature covers the exact bytes sent: read them raw, never re-serialised JSON.
    const event = await verifiedEvent(stripe, await c.req.text(), c.req.header("Stripe-Signature"));
    if (!event) return c.json({ error: "Invalid signature." }, 400);

    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded":
        tellNotified(c.var, await checkoutPaid(c.var.db, event, event.data.object));
        break;
      case "charge.refunded": {
        const charge = event.data.object;
        const paymentIntentId = idOf(charge.payment_intent);
        // A partial refund leaves the purchase standing; only a full one (the 30-day promise) ends it.
        if (charge.refunded && paymentIntentId) {
          tellNotified(c.var, await refundPayment(c.var.db, { paymentIntentId, eventId: event.id }));
        }
        break;
      }
    }
    return c.json({ received: true });
  },
);
