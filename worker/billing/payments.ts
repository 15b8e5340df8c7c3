/**
 * The payments ledger and the Pro state it decides. A member is Pro exactly while they have a paid
 * payment: every write below keeps `profiles.subscription_status` (and `is_pro`, derived from it)
 * equal to that, whatever order Stripe's events arrive in and however often they repeat.
 */
import { and, desc, eq, exists, inArray, isNotNull, notExists, sql } from "drizzle-orm";
import { namedBatch } from "@db/batch";
import type { Db } from "@db/client";
import { payments, profiles, stripeRefunds, users } from "@db/schema";
import { JUST_WRITTEN, notificationStatements } from "../notifications/write";

export interface CheckoutRecord {
  userId: string;
  sessionId: string;
  amount: number;
  currency: string;
}

/** Notes a checkout we started, so its buyer can ask about it before Stripe confirms it. */
export async function recordCheckout(db: Db, checkout: CheckoutRecord) {
  // The same session comes back for a repeated click (idempotency key): one row for it.
  await db
    .insert(payments)
    .values({
      id: crypto.randomUUID(),
      userId: checkout.userId,
      stripeSessionId: checkout.sessionId,
      amount: checkout.amount,
      currency: checkout.currency,
      status: "pending",
    })
    .onConflictDoNothing({ target: payments.stripeSessionId });
}

export interface PaidSession {
  sessionId: string;
  userId: string;
  paymentIntentId: string | null;
  amount: number;
  currency: string;
  eventId: string;
}

const paidPaymentOf = (userId: string) => and(eq(payments.userId, userId), eq(payments.status, "paid"));

/**
 * Stripe says the session is paid. Records it as paid (or as refunded, when its refund arrived
 * first) and makes the member Pro, as one transaction. A session already confirmed, or a member
 * who no longer exists, changes nothing.
 */
export async function confirmPayment(db: Db, paid: PaidSession) {
  const now = new Date();
  const refundedAlready = paid.paymentIntentId
    ? sql`exists (select 1 from ${stripeRefunds} where ${stripeRefunds.paymentIntentId} = ${paid.paymentIntentId})`
    : sql`0`;
  const status = sql`case when ${refundedAlready} then 'refunded' else 'paid' end`;
  // Every column, in the table's order: an INSERT … SELECT names them all.
  const row = {
    id: sql`${crypto.randomUUID()}`.as("id"),
    userId: users.id,
    stripeSessionId: sql`${paid.sessionId}`.as("stripe_session_id"),
    stripeEventId: sql`${paid.eventId}`.as("stripe_event_id"),
    stripePaymentIntentId: sql`${paid.paymentIntentId}`.as("stripe_payment_intent_id"),
    amount: sql`${paid.amount}`.as("amount"),
    currency: sql`${paid.currency}`.as("currency"),
    status: status.as("status"),
    paidAt: sql`${now.getTime()}`.as("paid_at"),
    refundedAt: sql`null`.as("refunded_at"),
    createdAt: sql`${now.getTime()}`.as("created_at"),
    updatedAt: sql`${now.getTime()}`.as("updated_at"),
  };
  const {
    notice: [notified],
  } = await namedBatch(db, {
    payment: db
      .insert(payments)
      .select(db.select(row).from(users).where(eq(users.id, paid.userId)))
      .onConflictDoUpdate({
        target: payments.stripeSessionId,
        set: {
          stripeEventId: sql`excluded.stripe_event_id`,
          stripePaymentIntentId: sql`excluded.stripe_payment_intent_id`,
          amount: sql`excluded.amount`,
          currency: sql`excluded.currency`,
          status: sql`excluded.status`,
          paidAt: sql`excluded.paid_at`,
          updatedAt: now,
        },
        // Only the first confirmation of a checkout we started for this very member counts.
        setWhere: and(eq(payments.status, "pending"), eq(payments.userId, sql`excluded.user_id`)),
      }),
    pro: db
      .update(profiles)
      .set({ subscriptionStatus: "lifetime", updatedAt: now })
      .where(
        and(
          eq(profiles.id, paid.userId),
          eq(profiles.subscriptionStatus, "free"),
          exists(
            db
              .select({ one: sql`1` })
              .from(payments)
              .where(paidPaymentOf(paid.userId)),
          ),
        ),
      ),
    // The member became Pro just now: told once, however often Stripe repeats the event.
    notice: notificationStatements(db, {
      kind: "pro_confirmed",
      recipient: paid.userId,
      actorId: null,
      eventKey: sql`(SELECT ${payments.id} FROM ${payments} WHERE ${payments.stripeSessionId} = ${paid.sessionId})`,
      happened: JUST_WRITTEN,
    }),
  });
  return notified;
}

/**
 * Stripe says a payment was refunded in full. Marks it refunded and ends Pro for its member unless
 * another paid payment remains. Remembered by payment intent even when the payment is not known
 * yet, so a confirmation delivered after its refund grants nothing.
 */
export async function refundPayment(db: Db, refund: { paymentIntentId: string; eventId: string }) {
  const now = new Date();
  const buyer = db
    .select({ userId: payments.userId })
    .from(payments)
    .where(eq(payments.stripePaymentIntentId, refund.paymentIntentId));
  const refunded = db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.stripePaymentIntentId, refund.paymentIntentId));
  const {
    notice: [notified],
  } = await namedBatch(db, {
    remembered: db
      .insert(stripeRefunds)
      .values({ paymentIntentId: refund.paymentIntentId, stripeEventId: refund.eventId })
      .onConflictDoNothing(),
    refunded: db
      .update(payments)
      .set({ status: "refunded", refundedAt: now, updatedAt: now })
      .where(and(eq(payments.stripePaymentIntentId, refund.paymentIntentId), eq(payments.status, "paid"))),
    // A paid payment was refunded just now: its buyer is told once.
    notice: notificationStatements(db, {
      kind: "pro_refunded",
      recipient: sql`(${buyer})`,
      actorId: null,
      eventKey: sql`(${refunded})`,
      happened: JUST_WRITTEN,
    }),
    free: db
      .update(profiles)
      .set({ subscriptionStatus: "free", updatedAt: now })
      .where(
        and(
          inArray(profiles.id, buyer),
          eq(profiles.subscriptionStatus, "lifetime"),
          notExists(
            db
              .select({ one: sql`1` })
              .from(payments)
              .where(and(eq(payments.userId, profiles.id), eq(payments.status, "paid"))),
          ),
        ),
      ),
  });
  return notified;
}

/** The member's own payment for a checkout session, or null: nobody sees another's. */
export async function paymentOf(db: Db, userId: string, sessionId: string) {
  const [payment] = await db
    .select({ status: payments.status })
    .from(payments)
    .where(and(eq(payments.stripeSessionId, sessionId), eq(payments.userId, userId)));
  return payment ?? null;
}

/** When the member's current Pro was paid for; null on the free plan. */
export async function purchaseDateOf(db: Db, userId: string) {
  const [payment] = await db
    .select({ paidAt: payments.paidAt })
    .from(payments)
    .where(and(paidPaymentOf(userId), isNotNull(payments.paidAt)))
    .orderBy(desc(payments.paidAt))
    .limit(1);
  return payment?.paidAt ?? null;
}

/** Whether the member bought Pro (the webhook sets it on their profile). */
export async function isPro(db: Db, userId: string) {
  const [profile] = await db.select({ isPro: profiles.isPro }).from(profiles).where(eq(profiles.id, userId));
  return profile?.isPro ?? false;
}
