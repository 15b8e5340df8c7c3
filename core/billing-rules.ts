/** The Pro plan's price and the payment messages, shared by the billing procedures and the pages. */

/** Spec §9: 999 minor units (USD $9.99), one time, for life. Only the server sends it to Stripe. */
export const PRO_LIFETIME = {
  productId: "crewboard-pro-lifetime",
  name: "Crewboard Pro: Lifetime Access",
  amount: 999,
  currency: "usd",
} as const;

export const PAYMENTS_NOT_CONFIGURED = "Payments are not configured on this server.";
export const ALREADY_PRO = "You already have Lifetime Access.";
export const PAYMENT_PROVIDER_FAILED = "The payment provider could not start a checkout. Please try again.";
