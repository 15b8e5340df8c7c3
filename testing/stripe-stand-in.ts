/**
 * A local stand-in for api.stripe.com, for tests: Stripe cannot be reached from here. The real SDK
 * is pointed at it (STRIPE_API_URL → the SDK's host, port and protocol). It answers Checkout
 * Session creation the way Stripe does (the same session again for a repeated idempotency key),
 * records every request for assertions, and serves a page at each session's checkout URL.
 * Webhook events are made with the SDK's own signing helper.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export const TEST_STRIPE_SECRET_KEY = "sk_test_stand_in";
export const TEST_STRIPE_WEBHOOK_SECRET = "whsec_stand_in";

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  /** The form body as Stripe reads it, keys flattened: `line_items[0][price_data][unit_amount]`. */
  params: Record<string, string>;
}

export interface StandInSession {
  id: string;
  object: "checkout.session";
  url: string | null;
  mode: string;
  client_reference_id: string | null;
  customer_email: string | null;
  success_url: string;
  cancel_url: string;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  payment_status: "paid" | "unpaid";
  payment_intent: string | null;
  status: "open" | "complete";
}

type Failure = { status: number; message: string };

const readBody = (request: IncomingMessage) =>
  new Promise<string>((done, fail) => {
    let body = "";
    request.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
    request.once("end", () => done(body));
    request.once("error", fail);
  });

const metadataOf = (params: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(params).flatMap(([key, value]) => {
      const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
      return name ? [[name, value]] : [];
    }),
  );

export async function startStripeStandIn() {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, StandInSession>();
  const byIdempotencyKey = new Map<string, StandInSession>();
  let nextFailure: Failure | null = null;
  let withoutUrl = false;

  const server = createServer(async (request, response) => {
    const path = request.url ?? "/";
    const body = await readBody(request);
    const send = (status: number, value: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(value));
    };

    const checkoutPage = /^\/pay\/(cs_test_\w+)$/.exec(path);
    if (request.method === "GET" && checkoutPage) {
      response.writeHead(200, { "Content-Type": "text/html" });
      response.end(`<!doctype html><title>Stand-in checkout</title><h1>Stand-in checkout ${checkoutPage[1]}</h1>`);
      return;
    }
    if (request.method !== "POST" || path !== "/v1/checkout/sessions") {
      send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${path})` } });
      return;
    }

    const params = Object.fromEntries(new URLSearchParams(body));
    const idempotencyKey = request.headers["idempotency-key"] as string | undefined;
    requests.push({
      method: request.method,
      path,
      idempotencyKey,
      authorization: request.headers.authorization,
      params,
    });

    if (nextFailure) {
      const { status, message } = nextFailure;
      nextFailure = null;
      send(status, { error: { type: "invalid_request_error", message } });
      return;
    }
    const replayed = idempotencyKey && byIdempotencyKey.get(idempotencyKey);
    if (replayed) {
      send(200, replayed);
      return;
    }
    const id = `cs_test_${crypto.randomUUID().replaceAll("-", "")}`;
    const session: StandInSession = {
      id,
      object: "checkout.session",
      url: withoutUrl ? null : `${origin}/pay/${id}`,
      mode: params.mode ?? "payment",
      client_reference_id: params.client_reference_id ?? null,
      customer_email: params.customer_email ?? null,
      success_url: params.success_url ?? "",
      cancel_url: params.cancel_url ?? "",
      metadata: metadataOf(params),
      amount_total: Number(params["line_items[0][price_data][unit_amount]"] ?? 0),
      currency: params["line_items[0][price_data][currency]"] ?? "usd",
      payment_status: "unpaid",
      payment_intent: null,
      status: "open",
    };
    sessions.set(id, session);
    if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, session);
    send(200, session);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** What STRIPE_API_URL is set to. */
    url: origin,
    requests,
    sessions,
    /** The next Checkout Session request is refused with this status and Stripe error message. */
    failNext(failure: Failure) {
      nextFailure = failure;
    },
    /** Sessions made from now on come back without a checkout URL. */
    omitUrls(omit = true) {
      withoutUrl = omit;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

/** The Stripe configuration that points the app at the stand-in (payments also need APP_URL). */
export const standInEnv = (standIn: StripeStandIn) => ({
  STRIPE_SECRET_KEY: TEST_STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: TEST_STRIPE_WEBHOOK_SECRET,
  STRIPE_API_URL: standIn.url,
});

let eventCount = 0;

/** A Stripe event as the webhook receives it: an `evt_` id, a type and the object it is about. */
export function stripeEvent(type: string, object: object, id = `evt_test_${++eventCount}_${Date.now()}`) {
  return {
    id,
    object: "event",
    type,
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    data: { object },
  };
}

/** The session as Stripe reports it once the buyer paid (or, for delayed methods, has not yet). */
export function completedSession(session: StandInSession, paymentStatus: "paid" | "unpaid" = "paid") {
  return {
    ...session,
    status: "complete",
    payment_status: paymentStatus,
    payment_intent: session.payment_intent ?? `pi_${session.id.slice("cs_test_".length)}`,
  };
}

/** A charge.refunded object for the session's payment: in full unless `amountRefunded` says less. */
export function refundedCharge(session: StandInSession, amountRefunded = session.amount_total) {
  return {
    id: `ch_${session.id.slice("cs_test_".length)}`,
    object: "charge",
    amount: session.amount_total,
    amount_refunded: amountRefunded,
    refunded: amountRefunded >= session.amount_total,
    payment_intent: completedSession(session).payment_intent,
  };
}

const signer = new Stripe(TEST_STRIPE_SECRET_KEY);

/** The body and Stripe-Signature header Stripe would send, signed with the SDK's own test helper. */
export function signedDelivery(event: object, secret = TEST_STRIPE_WEBHOOK_SECRET, timestamp?: number) {
  const body = JSON.stringify(event);
  return { body, signature: signer.webhooks.generateTestHeaderString({ payload: body, secret, timestamp }) };
}
