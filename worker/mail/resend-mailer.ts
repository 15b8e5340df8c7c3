import type { ResendConfig } from "../config";
import { SEND_TIMEOUT_MS, type Mailer } from "./mailer";

/**
 * Resend's HTTP API (POST /emails), with fetch alone, so it runs on both hosts. Resend keeps an
 * idempotency key for 24 hours: a retry of an e-mail it already accepted is answered, not sent again.
 */
export function resendMailer({ apiKey, apiUrl }: ResendConfig, from: string): Mailer {
  const endpoint = `${apiUrl.replace(/\/+$/, "")}/emails`;
  return {
    delivers: true,
    async send(email) {
      const response = await fetch(endpoint, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${apiKey}`,
          "Content-Type": "application/json",
          "Idempotency-Key": email.idempotencyKey,
        },
        body: JSON.stringify({
          from,
          to: [email.to],
          subject: email.subject,
          text: email.text,
          ...(email.html ? { html: email.html } : {}),
          ...(email.headers ? { headers: email.headers } : {}),
        }),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      if (!response.ok) {
        const detail = await response.text().catch(() => "");
        throw new Error(`Resend answered ${response.status}: ${detail.slice(0, 300)}`);
      }
    },
  };
}
