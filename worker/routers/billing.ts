import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { ALREADY_PRO, PAYMENT_PROVIDER_FAILED, PAYMENTS_NOT_CONFIGURED, PRO_LIFETIME } from "@core/billing-rules";
import { isPro, paymentOf, purchaseDateOf, recordCheckout } from "../billing/payments";
import { stripeClient } from "../billing/stripe";
import { protectedProcedure, router, unbatchedAccountProcedure } from "../trpc";
import { plainText } from "@core/fields";

const createCheckoutInput = z.object({
  /** Made by the page for one purchase attempt: repeats of it get the same checkout. */
  attemptId: z.uuid({ error: "Invalid checkout attempt." }),
});

const statusInput = z.object({
  sessionId: plainText("Missing checkout session.").min(1, "Missing checkout session.").max(255),
});

export const billingRouter = router({
  /**
   * Opens a Stripe Checkout for Lifetime Pro. The price is decided here, never by the page; Pro
   * itself is granted only by Stripe's signed webhook. Alone in its request: a batch must not
   * turn one request into many calls to Stripe.
   */
  createCheckout: unbatchedAccountProcedure.input(createCheckoutInput).mutation(async ({ ctx, input }) => {
    const config = ctx.config.stripe;
    if (!config) throw new TRPCError({ code: "PRECONDITION_FAILED", message: PAYMENTS_NOT_CONFIGURED });
    if (await isPro(ctx.db, ctx.user.id)) throw new TRPCError({ code: "CONFLICT", message: ALREADY_PRO });

    const product = { productId: PRO_LIFETIME.productId };
    const session = await stripeClient(config)
      .checkout.sessions.create(
        {
          mode: "payment",
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: PRO_LIFETIME.currency,
                unit_amount: PRO_LIFETIME.amount,
                product_data: { name: PRO_LIFETIME.name, metadata: product },
              },
            },
          ],
          client_reference_id: ctx.user.id,
          customer_email: ctx.user.email,
          // Built from the configured origin only: a request's Host header could send buyers elsewhere.
          success_url: `${ctx.config.appUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${ctx.config.appUrl}/pricing`,
          metadata: product,
          payment_intent_data: { metadata: product },
        },
        // Per member and attempt: a double click gets the one session, another member never gets it.
        { idempotencyKey: `pro-lifetime:${ctx.user.id}:${input.attemptId}` },
      )
      .catch((error: unknown) => {
        console.error("Stripe Checkout Session", error);
        throw new TRPCError({ code: "BAD_GATEWAY", message: PAYMENT_PROVIDER_FAILED });
      });

    await recordCheckout(ctx.db, {
      userId: ctx.user.id,
      sessionId: session.id,
      amount: PRO_LIFETIME.amount,
      currency: PRO_LIFETIME.currency,
    });
    return { url: session.url };
  }),

  /**
   * What /payment-success shows for a checkout: 'pending' until Stripe's confirmation arrives,
   * 'active' once it has. A session that is unknown or someone else's is 'not_found', alike.
   */
  status: protectedProcedure.input(statusInput).query(async ({ ctx, input }) => {
    const payment = await paymentOf(ctx.db, ctx.user.id, input.sessionId);
    if (!payment) return { state: "not_found" as const };
    return { state: payment.status === "paid" ? ("active" as const) : payment.status };
  }),

  /** The member's plan, for Settings. */
  plan: protectedProcedure.query(async ({ ctx }) => {
    const pro = await isPro(ctx.db, ctx.user.id);
    return { pro, purchasedAt: pro ? await purchaseDateOf(ctx.db, ctx.user.id) : null };
  }),
});
