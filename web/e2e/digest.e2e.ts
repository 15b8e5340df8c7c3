// Own host: the scheduled jobs run every half second here, which would load every other file's host.
/**
 * The e-mail digest, end to end on the host as `npm start` runs it: a notification left unread past
 * ten minutes reaches the member's mailbox (the local /dev/mailbox) in a digest from the scheduled
 * job, and its link stops that kind of e-mail without signing in; a link that was tampered with
 * says so and changes nothing.
 */
import { describe, expect } from "vitest";
import { DIGEST_DELAY_MS } from "@core/notification-rules";
import { INVALID_UNSUBSCRIBE_LINK } from "@core/notification-text";
import type { RunningHost } from "@testing/host";
import { ownHostTest as base } from "./harness";
import { person, type Person } from "./people";
import { axeScanner } from "./ui";

// The job runs every half second here, instead of every minute.
const test = base.override("appEnv", { scope: "file" }, async () => ({ JOBS_INTERVAL_MS: "500" }));

async function inDatabase<T>(app: RunningHost, work: (db: ReturnType<RunningHost["openDatabase"]>) => Promise<T>) {
  const db = app.openDatabase();
  try {
    return await work(db);
  } finally {
    db.close();
  }
}

/** A friend request from `from`, told to `to` by a notification made eleven minutes ago and still unread. */
const missedFriendRequest = (app: RunningHost, to: Person, from: Person) =>
  inDatabase(app, (db) =>
    db.execute({
      sql: `INSERT INTO notifications (recipient_id, actor_id, kind, event_key, created_at)
            VALUES (?, ?, 'friend_request', ?, ?)`,
      args: [to.id, from.id, crypto.randomUUID(), Date.now() - DIGEST_DELAY_MS - 60_000],
    }),
  );

const emailChoice = (app: RunningHost, member: Person, kind: string) =>
  inDatabase(app, async (db) => {
    const { rows } = await db.execute({
      sql: "SELECT email FROM notification_preferences WHERE member_id = ? AND kind = ?",
      args: [member.id, kind],
    });
    return rows[0] ? Boolean(rows[0].email) : null;
  });

describe("the e-mail digest", () => {
  test("a member away reads the digest in the mailbox, stops friend-request e-mails from its link and is told so", async ({
    app,
    newPage,
  }) => {
    const ada = await person(newPage, "Ada Lovelace");
    const bob = await person(newPage, "Bob Babbage");
    // Digests go only to a confirmed address.
    await ada.page.goto(await app.latestVerificationLink(ada.email));
    await ada.page.getByRole("heading", { name: "Email verified successfully!" }).waitFor();
    await missedFriendRequest(app, ada, bob);

    const page = await newPage();
    await page.goto("/dev/mailbox");
    const digest = page
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: "What you missed on Crewboard" }) })
      .filter({ hasText: ada.email.toLowerCase() });
    await expect
      .poll(
        async () => {
          await page.reload();
          return digest.count();
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(1);
    await digest.getByText("Bob Babbage sent you a friend request").waitFor();
    await digest.getByText("List-Unsubscribe-Post: List-Unsubscribe=One-Click").waitFor();

    const stop = digest.getByRole("link", { name: /\/unsubscribe\?member=.*kinds=friend_request&/ });
    const link = new URL((await stop.getAttribute("href"))!);
    await stop.click();
    await page.getByRole("heading", { name: "You are unsubscribed" }).waitFor();
    await page.getByText("You will no longer get e-mails about friend requests.").waitFor();
    await page.getByRole("link", { name: "Notification Settings" }).waitFor();
    expect(await emailChoice(app, ada, "friend_request")).toBe(false);
    const { found, scan } = axeScanner(page);
    await scan("unsubscribed");

    // The same link for another kind is not valid, and changes nothing.
    link.searchParams.set("kinds", "mention");
    await page.goto(link.toString());
    await page.getByRole("heading", { name: "Unsubscribe failed" }).waitFor();
    await page.getByText(INVALID_UNSUBSCRIBE_LINK).waitFor();
    expect(await emailChoice(app, ada, "mention")).toBeNull();
    await scan("not valid");
    expect(found).toEqual([]);
  });
});
