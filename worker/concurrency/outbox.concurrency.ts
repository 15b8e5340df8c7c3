/**
 * The outbox under four serving processes and the primary's scheduled job: a hundred e-mails fall
 * due at once, every request that may have queued mail dispatches whatever is due, and so each
 * e-mail is up for grabs by several dispatchers at the same moment. Each must still reach the
 * provider exactly once.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import type { RunningHost } from "@testing/host";
import { startResendStandIn, type ResendStandIn } from "@testing/mail-stand-ins";
import { expectNoServerErrors, newBrowser, outcome, startCrowdHost, uniqueEmail } from "./crowd";

const EMAILS = 100;
/** Requests that dispatch after their response, spread over the serving processes. */
const DISPATCHING_REQUESTS = 60;

let resend: ResendStandIn;
let host: RunningHost;

beforeAll(async () => {
  resend = await startResendStandIn();
  // An API a few milliseconds away, as a real one is: claims and sends overlap.
  resend.delay(20);
  host = await startCrowdHost({
    env: { ...resend.env, JOBS_INTERVAL_MS: "100", RATE_LIMIT_RESET_PER_IP: "100000" },
  });
});

afterAll(async () => {
  await host?.stop();
  await resend?.close();
});

test(`${EMAILS} queued e-mails, claimed by every serving process and the scheduled job at once, are each delivered exactly once`, async () => {
  const recipients = Array.from({ length: EMAILS }, () => uniqueEmail("queued"));
  const db = host.openDatabase();
  try {
    // Queued as a request queues them (worker/mail/outbox.ts), all due now, in one write.
    const now = Date.now();
    await db.batch(
      recipients.map((to) => ({
        sql: 'INSERT INTO outbox ("to", subject, body, html, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?, ?)',
        args: [to, "Queued", `Hello ${to}`, `<p>Hello ${to}</p>`, now, now],
      })),
      "write",
    );
    // 'Forgot password?' for addresses with no account: each queues nothing, and dispatches what is due.
    const outcomes = await Promise.all(
      Array.from({ length: DISPATCHING_REQUESTS }, () =>
        outcome(newBrowser(host).trpc.auth.requestPasswordReset.mutate({ email: uniqueEmail("nobody") })),
      ),
    );
    expectNoServerErrors(outcomes);

    await expect.poll(() => resend.received.length, { timeout: 60_000, interval: 200 }).toBe(EMAILS);
    // Long enough for any dispatcher that claimed a row twice to have sent it again.
    await new Promise((done) => setTimeout(done, 2_000));

    expect(resend.received).toHaveLength(EMAILS);
    expect(new Set(resend.received.map((mail) => mail.to))).toEqual(new Set(recipients));
    // Not even a second request that the API's idempotency would have caught.
    expect(resend.replays()).toBe(0);
    expect(resend.requests()).toBe(EMAILS);
    const { rows } = await db.execute(
      "SELECT count(*) AS n, sum(attempts = 1) AS once, sum(sent_at IS NOT NULL) AS sent FROM outbox",
    );
    expect(rows[0]).toMatchObject({ n: EMAILS, once: EMAILS, sent: EMAILS });
  } finally {
    db.close();
  }
});
