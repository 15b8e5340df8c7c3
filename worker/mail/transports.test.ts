/**
 * Each way e-mail leaves the server, against a stand-in started here: Resend's HTTP API, SMTP with
 * STARTTLS, and Cloudflare Email Service's binding. Then what the outbox does when a provider
 * fails, stays down or hangs: the member's request never notices.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { outbox } from "@db/schema";
import { createTestApp, TEST_ORIGIN, type TestApp } from "@testing/harness";
import {
  MAIL_FROM,
  SMTP_PASSWORD,
  startResendStandIn,
  startSmtpStandIn,
  type ResendStandIn,
  type SmtpStandIn,
} from "@testing/mail-stand-ins";
import { runScheduledJobs } from "../jobs/scheduled";
import { cloudflareMailer, type EmailBinding } from "./cloudflare-mailer";
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from "./outbox";
import { resendMailer } from "./resend-mailer";
import { smtpMailer } from "./smtp-mailer";

const rowsTo = (t: TestApp, email: string) => t.db.select().from(outbox).where(eq(outbox.to, email));

/** A digest's headers, with an address as long as a real one: each transport must carry them whole. */
const UNSUBSCRIBE_HEADERS = {
  "List-Unsubscribe": `<${TEST_ORIGIN}/api/email/unsubscribe?member=q3v8k2m9x7w4p1zt&kinds=friend_request%2Cjoin_request%2Cmention%2Cmessage&sig=CYbr0_cRNnbv9MAPElnjlcCGhvsntyFbAEPz4vjfLMs>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
};
const lowerCased = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

/** An e-mail queued with headers, as the digest queues it, due now. */
async function queueWithHeaders(t: TestApp) {
  const to = `headers-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await t.db.insert(outbox).values({
    to,
    subject: "What you missed on Crewboard",
    body: "Text",
    html: "<p>Rich</p>",
    headers: UNSUBSCRIBE_HEADERS,
    nextAttemptAt: new Date(),
  });
  return to;
}

describe("Resend's HTTP API", () => {
  let resend: ResendStandIn;
  let t: TestApp;
  beforeAll(async () => {
    resend = await startResendStandIn();
    t = await createTestApp({ ...resend.env, RATE_LIMIT_SIGNUP_PER_IP: "1000" });
  });
  afterAll(() => resend.close());

  it("delivers the verification e-mail with its text and HTML parts, its link from APP_URL, and marks it sent", async () => {
    const m = await t.member();
    await t.settle();
    const [mail] = resend.received.filter((r) => r.to === m.email);
    expect(mail).toMatchObject({ subject: "Confirm your Crewboard e-mail address" });
    const link = await resend.latestLink(m.email, "/auth/verify");
    expect(link.startsWith(`${TEST_ORIGIN}/auth/verify?token=`)).toBe(true);
    expect(mail!.html).toContain(`href="${link}"`);
    expect(mail!.html).toContain("Crewboard");
    expect(mail!.idempotencyKey).toMatch(/^crewboard-\d+-\d+$/);
    const [row] = await rowsTo(t, m.email);
    expect(row).toMatchObject({ attempts: 1, nextAttemptAt: null, lastError: null, failedAt: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
    // The link works as it came.
    const token = new URL(link).searchParams.get("token")!;
    expect(await m.trpc.auth.verifyEmail.mutate({ token })).toEqual({ verified: true });
  });

  it("delivers an e-mail's own headers as they were queued: a digest's List-Unsubscribe and its one-click POST", async () => {
    const to = await queueWithHeaders(t);
    await runScheduledJobs(t.db, t.mailer, t.config);
    const [mail] = resend.received.filter((r) => r.to === to);
    expect(mail!.headers).toEqual(lowerCased(UNSUBSCRIBE_HEADERS));
  });

  it("sends one idempotency key per e-mail, so a retry the API already took is not delivered twice", async () => {
    const mailer = resendMailer({ apiKey: resend.env.RESEND_API_KEY!, apiUrl: resend.url }, MAIL_FROM);
    const email = { to: "twice@example.com", subject: "Once", text: "Only once", html: null, idempotencyKey: "k-1" };
    await mailer.send(email);
    await mailer.send(email);
    expect(resend.received.filter((r) => r.to === "twice@example.com")).toHaveLength(1);
    expect(resend.replays()).toBe(1);
  });

  it("is refused with a wrong key, and the e-mail waits in the outbox with the API's answer", async () => {
    const wrong = await createTestApp({ ...resend.env, RESEND_API_KEY: "re_wrong" });
    const m = await wrong.member();
    await wrong.settle();
    expect(resend.received.some((r) => r.to === m.email)).toBe(false);
    const [row] = await rowsTo(wrong, m.email);
    expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(row!.lastError).toMatch(/401/);
    expect(row!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it("retries a failed e-mail with back-off: fails twice, then is delivered once", async () => {
    resend.failNext(2);
    const m = await t.member();
    await t.settle();
    let [row] = await rowsTo(t, m.email);
    expect(row).toMatchObject({ attempts: 1, sentAt: null });
    expect(row!.lastError).toMatch(/500/);
    const firstRetry = row!.nextAttemptAt!.getTime();
    expect(firstRetry - row!.createdAt.getTime()).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[0]);

    // Before its time, the scheduled job leaves it be.
    await runScheduledJobs(t.db, t.mailer, t.config, firstRetry - 1000);
    expect((await rowsTo(t, m.email))[0]!.attempts).toBe(1);

    await runScheduledJobs(t.db, t.mailer, t.config, firstRetry);
    [row] = await rowsTo(t, m.email);
    expect(row).toMatchObject({ attempts: 2, sentAt: null });
    expect(row!.nextAttemptAt!.getTime()).toBe(firstRetry + RETRY_DELAYS_MS[1]);

    await runScheduledJobs(t.db, t.mailer, t.config, row!.nextAttemptAt!.getTime());
    [row] = await rowsTo(t, m.email);
    expect(row).toMatchObject({ attempts: 3, nextAttemptAt: null, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(resend.received.filter((r) => r.to === m.email)).toHaveLength(1);
  });

  it("gives up after the last attempt: the e-mail stays in the table as failed, and the member's request never failed", async () => {
    resend.behave("fail");
    try {
      const m = await t.member();
      await t.settle();
      for (let attempt = 2; attempt <= MAX_ATTEMPTS + 1; attempt++) {
        const [row] = await rowsTo(t, m.email);
        await runScheduledJobs(t.db, t.mailer, t.config, row!.nextAttemptAt?.getTime() ?? Date.now() + 24 * 3600_000);
      }
      const [row] = await rowsTo(t, m.email);
      expect(row).toMatchObject({ attempts: MAX_ATTEMPTS, nextAttemptAt: null, sentAt: null });
      expect(row!.failedAt).toBeInstanceOf(Date);
      expect(row!.lastError).toMatch(/500/);
    } finally {
      resend.behave("ok");
    }
  });

  it("a provider that hangs does not slow sign-up", async () => {
    const hung = await startResendStandIn();
    hung.behave("hang");
    const slow = await createTestApp(hung.env);
    try {
      const started = performance.now();
      const m = await slow.member();
      // The password hash is the sign-up's cost; the send waits after the response.
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(m.me.emailVerified).toBe(false);
      // The e-mail did go to the provider, which is still holding it.
      await vi.waitFor(() => expect(hung.requests()).toBe(1));
      expect(hung.received).toHaveLength(0);
    } finally {
      await hung.close();
    }
    await slow.settle();
  });
});

describe("SMTP", () => {
  let smtp: SmtpStandIn;
  beforeAll(async () => {
    smtp = await startSmtpStandIn();
  });
  afterAll(() => smtp.close());

  it("delivers over STARTTLS with a login, text and HTML parts intact", async () => {
    const t = await createTestApp(smtp.env, { mailer: smtpMailer(smtp.url, MAIL_FROM) });
    const m = await t.member();
    await t.settle();
    const [mail] = smtp.received.filter((r) => r.to === m.email);
    expect(mail).toMatchObject({ subject: "Confirm your Crewboard e-mail address", secure: true });
    const link = await smtp.latestLink(m.email, "/auth/verify");
    expect(link.startsWith(`${TEST_ORIGIN}/auth/verify?token=`)).toBe(true);
    expect(mail!.html).toContain(`href="${link}"`);
    const [row] = await rowsTo(t, m.email);
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it("delivers an e-mail's own headers whole, a long List-Unsubscribe address included", async () => {
    const t = await createTestApp(smtp.env, { mailer: smtpMailer(smtp.url, MAIL_FROM) });
    const to = await queueWithHeaders(t);
    await runScheduledJobs(t.db, t.mailer, t.config);
    const [mail] = smtp.received.filter((r) => r.to === to);
    expect(mail!.headers).toMatchObject(lowerCased(UNSUBSCRIBE_HEADERS));
  });

  it("fails a send the server refuses (a wrong password), for the outbox to retry", async () => {
    const mailer = smtpMailer(smtp.url.replace(SMTP_PASSWORD, "wrong"), MAIL_FROM);
    const email = { to: "nobody@example.com", subject: "No", text: "No", html: null, idempotencyKey: "k-smtp" };
    await expect(mailer.send(email)).rejects.toThrow(/Invalid username or password/);
  });
});

describe("Cloudflare Email Service", () => {
  it("hands the binding the sender, the address and both parts", async () => {
    const sent: Parameters<EmailBinding["send"]>[0][] = [];
    const binding = { send: async (message: unknown) => void sent.push(message as never) } as unknown as EmailBinding;
    await cloudflareMailer(binding, MAIL_FROM).send({
      to: "edge@example.com",
      subject: "Hello",
      text: "Plain",
      html: "<p>Rich</p>",
      idempotencyKey: "k-edge",
    });
    expect(sent).toEqual([
      {
        from: MAIL_FROM,
        to: "edge@example.com",
        subject: "Hello",
        text: "Plain",
        html: "<p>Rich</p>",
        headers: { "X-Entity-Ref-ID": "k-edge" },
      },
    ]);
  });

  it("hands the binding an e-mail's own headers beside its reference", async () => {
    const sent: { headers?: Record<string, string> }[] = [];
    const binding = { send: async (message: unknown) => void sent.push(message as never) } as unknown as EmailBinding;
    const t = await createTestApp({}, { mailer: cloudflareMailer(binding, MAIL_FROM) });
    await queueWithHeaders(t);
    await runScheduledJobs(t.db, t.mailer, t.config);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers).toEqual({
      ...UNSUBSCRIBE_HEADERS,
      "X-Entity-Ref-ID": expect.stringMatching(/^crewboard-/),
    });
  });
});

describe("the server log, without a transport", () => {
  it("prints an e-mail's own headers above its text", async () => {
    const t = await createTestApp();
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const to = await queueWithHeaders(t);
      await runScheduledJobs(t.db, t.mailer, t.config);
      const printed = log.mock.calls.map(([line]) => String(line)).find((line) => line.includes(to));
      expect(printed).toContain(
        `List-Unsubscribe: ${UNSUBSCRIBE_HEADERS["List-Unsubscribe"]}\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\nText`,
      );
    } finally {
      log.mockRestore();
    }
  });
});

describe("the local mailbox page", () => {
  it("lists the outbox newest first with its links clickable, when no transport is configured", async () => {
    const t = await createTestApp();
    const first = await t.member("First");
    const second = await t.member("Second");
    const page = await t.app.request("/dev/mailbox");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html.indexOf(second.email)).toBeLessThan(html.indexOf(first.email));
    expect(html).toMatch(new RegExp(`<a href="${TEST_ORIGIN}/auth/verify\\?token=[^"]+">`));
  });

  it("answers 404 once a transport is configured, and in production", async () => {
    const configured = await createTestApp({ RESEND_API_KEY: "re_x", MAIL_FROM });
    expect((await configured.app.request("/dev/mailbox")).status).toBe(404);
    const production = await createTestApp({ NODE_ENV: "production" });
    expect((await production.app.request("/dev/mailbox")).status).toBe(404);
  });
});
