/**
 * The e-mail digest when every process runs the scheduled job at once: the host's primary on its
 * timer and four more processes over the same database file, as more hosts or Worker isolates on
 * their Cron Triggers would. Many members fall due in the same instant, with notifications and a
 * private message each; every member must get exactly one digest, telling of each thing once.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { DIGEST_DELAY_MS } from "@core/notification-rules";
import type { RunningHost } from "@testing/host";
import { startResendStandIn, type ResendStandIn } from "@testing/mail-stand-ins";
import { DIGEST_SUBJECT } from "../notifications/digest-email";
import { expectNoServerErrors, outcome, signUpMany, startCrowdHost, startJobsProcess } from "./crowd";

const MEMBERS = 60;
const JOBS_PROCESSES = 4;

let resend: ResendStandIn;
let host: RunningHost;

beforeAll(async () => {
  resend = await startResendStandIn();
  // A provider a few milliseconds away, as a real one is: digests and sends overlap.
  resend.delay(10);
  host = await startCrowdHost({ env: { ...resend.env, JOBS_INTERVAL_MS: "50" } });
});

afterAll(async () => {
  await host?.stop();
  await resend?.close();
});

test(`${MEMBERS} members due at once, the job running in ${JOBS_PROCESSES + 1} processes: each gets one digest, telling of each thing once`, async () => {
  const [sender, ...away] = await signUpMany(host, MEMBERS + 1, "away");
  const db = host.openDatabase();
  try {
    await db.batch(
      away.map((member) => ({
        sql: "INSERT INTO friends (id, user_id, friend_id, status) VALUES (?, ?, ?, 'accepted')",
        args: [crypto.randomUUID(), sender!.id, member.id],
      })),
      "write",
    );
    // Each member has an unread private message from the sender, sent through the API.
    const sends = await Promise.all(
      away.map(async (member) => {
        const { chatId } = await sender!.browser.trpc.chats.openPrivate.mutate({ friendId: member.id });
        return outcome(
          sender!.browser.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content: "Hi" }),
        );
      }),
    );
    expectNoServerErrors(sends);

    const jobs = await Promise.all(Array.from({ length: JOBS_PROCESSES }, () => startJobsProcess(host, resend.env)));
    let stopped = false;
    try {
      // In one write, while every process runs the job: addresses confirmed, the messages and two
      // notifications each eleven minutes old, so every member falls due in the same instant.
      const before = Date.now() - DIGEST_DELAY_MS - 60_000;
      await db.batch(
        [
          { sql: "UPDATE users SET email_verified_at = ?", args: [Date.now()] },
          { sql: "UPDATE messages SET created_at = ?", args: [before] },
          ...away.flatMap((member) =>
            ["friend_request", "mention"].map((kind) => ({
              sql: `INSERT INTO notifications (recipient_id, actor_id, kind, event_key, created_at) VALUES (?, ?, ?, ?, ?)`,
              args: [member.id, sender!.id, kind, crypto.randomUUID(), before],
            })),
          ),
        ],
        "write",
      );

      const digests = () => resend.received.filter((mail) => mail.subject === DIGEST_SUBJECT);
      await expect.poll(() => digests().length, { timeout: 60_000, interval: 200 }).toBe(MEMBERS);
      // Long enough for a process that took a member twice to have sent a second digest.
      await new Promise((done) => setTimeout(done, 2_000));
      const totals = await Promise.all(jobs.map((job) => job.stop()));
      stopped = true;

      expect(digests()).toHaveLength(MEMBERS);
      expect(new Set(digests().map((mail) => mail.to))).toEqual(new Set(away.map((m) => m.email.toLowerCase())));
      for (const mail of digests()) {
        expect(mail.text).toContain("Member 1 sent you a friend request");
        expect(mail.text).toContain("Member 1 mentioned you in a group");
        expect(mail.text).toContain("1 new message from Member 1");
        expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
      }
      expect(resend.replays()).toBe(0);
      // The processes beside the host did take part (the host's primary queued the rest).
      console.log(`digests queued by the jobs processes: ${totals.map((t) => t.digests).join(", ")}`);
      expect(totals.every((t) => t.runs > 0)).toBe(true);

      const { rows } = await db.execute(`
        SELECT (SELECT count(*) FROM outbox WHERE subject = '${DIGEST_SUBJECT}') AS queued,
          (SELECT count(*) FROM notifications WHERE emailed_at IS NULL) AS untold,
          (SELECT count(DISTINCT emailed_at || recipient_id) FROM notifications) AS per_member,
          (SELECT count(*) FROM chat_participants p JOIN chats c ON c.id = p.chat_id
            WHERE p.user_id <> '${sender!.id}' AND p.notified_seq <> c.last_seq) AS chats_untold`);
      // Both notifications of a member went in the same digest.
      expect(rows[0]).toMatchObject({ queued: MEMBERS, untold: 0, per_member: MEMBERS, chats_untold: 0 });
    } finally {
      if (!stopped) await Promise.all(jobs.map((job) => job.stop()));
    }
  } finally {
    db.close();
  }
});
