/**
 * The Stripe SDK, set up the same way on both hosts: requests over `fetch` and signatures checked
 * with Web Crypto, both native in Node and in workerd (the SDK's Node defaults are not in Workers).
 */
import Stripe from "stripe";
import type { StripeConfig } from "../config";

const REQUEST_TIMEOUT_MS = 10_000;

/** One client per configuration: a host reads its configuration once and keeps it. */
const clients = new WeakMap<StripeConfig, Stripe>();

export function stripeClient(config: StripeConfig): Stripe {
  let client = clients.get(config);
  if (!client) {
    const api = config.apiUrl ? new URL(config.apiUrl) : null;
    client = new Stripe(config.secretKey, {
      httpClient: Stripe.createFetchHttpClient(),
      timeout: REQUEST_TIMEOUT_MS,
      // Safe to retry: every request that creates something carries an idempotency key.
      maxNetworkRetries: 2,
      ...(api && { protocol: api.protocol === "http:" ? "http" : "https", host: api.hostname, port: api.port }),
    });
    clients.set(config, client);
  }
  return client;
}

const cryptoProvider = Stripe.createSubtleCryptoProvider();

/** The event Stripe signed, or null when the body or its signature is not Stripe's. */
export async function verifiedEvent(config: StripeConfig, body: string, signature: string | undefined) {
  if (!signature) return null;
  try {
    return await stripeClient(config).webhooks.constructEventAsync(
      body,
      signature,
      config.webhookSecret,
      undefined,
      cryptoProvider,
    );
  } catch {
    // A signature that does not match, is too old, or signs something that is not an event.
    return null;
  }
}
