import { SEND_TIMEOUT_MS, type Mailer } from "./mailer";

/** The part of the Worker's `send_email` binding (Cloudflare Email Service) the app uses. */
export type EmailBinding = Pick<SendEmail, "send">;

/** Cloudflare Email Service through the Worker's `send_email` binding named `EMAIL`. */
export function cloudflareMailer(binding: EmailBinding, from: string): Mailer {
  return {
    delivers: true,
    async send(email) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, fail) => {
        timer = setTimeout(() => fail(new Error("Email Service did not answer in time")), SEND_TIMEOUT_MS);
      });
      try {
        await Promise.race([
          binding.send({
            from,
            to: email.to,
            subject: email.subject,
            text: email.text,
            ...(email.html ? { html: email.html } : {}),
            // The binding has no idempotency key of its own; a header lets the receiving side tell a retry.
            headers: { ...email.headers, "X-Entity-Ref-ID": email.idempotencyKey },
          }),
          timeout,
        ]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
