// Hosts of its own for its second test: one with a mail transport configured, one in production.
/**
 * The local mailbox: a newcomer on `npm start`, with no mail account anywhere, reads the e-mail the
 * app sent them at /dev/mailbox and clicks its link. Nowhere else: with a mail transport configured,
 * or in production, the page is a 404.
 */
import { describe, expect } from "vitest";
import { startHost } from "@testing/host";
import { MAIL_FROM, TEST_RESEND_API_KEY } from "@testing/mail-stand-ins";
import { test } from "./harness";
import { signUpByApi } from "./ui";

describe("the local mailbox", () => {
  test("a newcomer signs up, opens the mailbox, clicks their link and sees the address verified", async ({ page }) => {
    const member = await signUpByApi(page);
    await page.goto("/dev/mailbox");
    const mail = page.getByRole("article").filter({ hasText: member.email });
    await mail.getByRole("heading", { name: "Confirm your Crewboard e-mail address" }).waitFor();
    await mail.getByRole("link", { name: /\/auth\/verify\?token=/ }).click();
    await page.getByRole("heading", { name: "Email verified successfully!" }).waitFor();
  });

  test("answers 404 when a mail transport is configured, and in production", async ({ app }) => {
    expect((await fetch(`${app.url}/dev/mailbox`)).status).toBe(200);
    const configurations: Record<string, string>[] = [
      { RESEND_API_KEY: TEST_RESEND_API_KEY, RESEND_API_URL: "http://127.0.0.1:9", MAIL_FROM },
      { NODE_ENV: "production", APP_URL: "https://crewboard.example.com" },
    ];
    for (const env of configurations) {
      const host = await startHost({ env: { ...env, WEB_CONCURRENCY: "1" } });
      try {
        expect((await fetch(`${host.url}/dev/mailbox`)).status).toBe(404);
      } finally {
        await host.stop();
      }
    }
  });
});
