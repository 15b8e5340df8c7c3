/**
 * One interface for every way an e-mail leaves the server. Which one is configuration's choice
 * (README "Configuration"): Cloudflare Email Service at the edge (cloudflare-mailer.ts), Resend's
 * HTTP API anywhere (resend-mailer.ts), SMTP on Node (smtp-mailer.ts, never in the Worker's
 * imports), and without any, the server log, which is how a local install shows its links.
 */
import type { Config } from "../config";
import { resendMailer } from "./resend-mailer";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** Headers besides the ones the transport writes (List-Unsubscribe on a digest); every transport sends them. */
  headers?: Record<string, string>;
  /** The same for every attempt at one e-mail, so a provider that took it once keeps it once. */
  idempotencyKey: string;
}

export interface Mailer {
  /** False for the server log: nothing is delivered, so the local mailbox page shows the outbox. */
  readonly delivers: boolean;
  /** Resolves once the provider accepted the e-mail; rejects with what it said otherwise. */
  send(email: OutgoingEmail): Promise<void>;
}

/**
 * Longest wait for a provider to accept one e-mail. A send runs after the member's response, but it
 * holds its claim on the row: past this the attempt counts as failed and is retried later.
 */
export const SEND_TIMEOUT_MS = 15_000;

export const logMailer: Mailer = {
  delivers: false,
  send(email) {
    const headers = Object.entries(email.headers ?? {}).map(([name, value]) => `${name}: ${value}\n`);
    console.log(`[mail] to ${email.to}: ${email.subject}\n${headers.join("")}${email.text}`);
    return Promise.resolve();
  },
};

/** The mailer every host can build from its configuration alone; hosts with more (a binding, SMTP) choose before it. */
export const configuredMailer = (config: Config): Mailer =>
  config.mail.resend ? resendMailer(config.mail.resend, config.mail.from!) : logMailer;
