/**
 * The outbox: every e-mail is a row written in the same batch as what it tells of, so an e-mail is
 * never sent for a change that did not commit, nor lost for one that did. After the commit a
 * dispatcher (`deliverDue`: after the member's response, and in the scheduled job) sends the rows
 * that are due and records how each went.
 */
import { and, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "@db/client";
import { outbox, users } from "@db/schema";
import type { EmailContent } from "./layout";
import type { Services } from "../env";
import type { Mailer } from "./mailer";
import { messageOf } from "@core/error-message";

export interface Email extends EmailContent {
  to: string;
}

/** Tries an e-mail gets before it stays in the table as failed. */
export const MAX_ATTEMPTS = 5;
/** The wait after each failed try but the last: a provider's outage of a few hours loses nothing. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;
/**
 * How long a claimed row stays out of other dispatchers' reach: longer than a send may take
 * (SEND_TIMEOUT_MS), so only a dispatcher that died mid-send leaves it to be tried again.
 */
export const CLAIM_LEASE_MS = 2 * 60_000;
/** Rows one dispatcher claims at once; they are sent side by side. */
export const CLAIM_BATCH = 10;

/** Queues an e-mail to a known address, as a statement of the batch that writes what it tells of. */
export const queueEmail = (db: Db, email: Email) => db.insert(outbox).values({ ...email, nextAttemptAt: new Date() });

/**
 * An e-mail to the address of the user `who` selects, read in the same statement, so it goes to
 * the address as it is when the write commits; nobody selected, nothing queued. `headers` go out
 * with it through every transport (List-Unsubscribe, for one); `now` is when it is due, the
 * scheduled job's own clock when the job queues it (a Cron Trigger's time is the minute's start).
 */
export const queueEmailToUser = (
  db: Db,
  who: SQL,
  content: EmailContent,
  { headers, now = Date.now() }: { headers?: Record<string, string>; now?: number } = {},
) => {
  return db.insert(outbox).select(
    db
      .select({
        id: sql<number>`NULL`.as("id"),
        to: users.email,
        subject: sql<string>`${content.subject}`.as("subject"),
        body: sql<string>`${content.body}`.as("body"),
        html: sql<string>`${content.html}`.as("html"),
        headers: sql<string | null>`${headers ? JSON.stringify(headers) : null}`.as("headers"),
        sentAt: sql<null>`NULL`.as("sentAt"),
        attempts: sql<number>`0`.as("attempts"),
        nextAttemptAt: sql<number>`${now}`.as("nextAttemptAt"),
        lastError: sql<null>`NULL`.as("lastError"),
        failedAt: sql<null>`NULL`.as("failedAt"),
        createdAt: sql<number>`${now}`.as("createdAt"),
      })
      .from(users)
      .where(who),
  );
};

/**
 * Claims up to `limit` due rows in one statement: each claimed row's next attempt moves past the
 * lease and its attempts go up by one, so a row is in one dispatcher's hands at a time, however
 * many processes or isolates run this at once.
 */
function claimDue(db: Db, now: number, limit: number) {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(lte(outbox.nextAttemptAt, new Date(now)))
    .orderBy(outbox.nextAttemptAt)
    .limit(limit);
  return db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(now + CLAIM_LEASE_MS) })
    .where(and(inArray(outbox.id, due), lte(outbox.nextAttemptAt, new Date(now))))
    .returning({
      id: outbox.id,
      to: outbox.to,
      subject: outbox.subject,
      body: outbox.body,
      html: outbox.html,
      headers: outbox.headers,
      attempts: outbox.attempts,
      createdAt: outbox.createdAt,
    });
}

type Claimed = Awaited<ReturnType<typeof claimDue>>[number];
export type Outcome = "sent" | "retry" | "failed";

/** Sends one claimed row and records how it went, unless its claim lapsed and another took it over. */
async function deliver(db: Db, mailer: Mailer, row: Claimed, now: number): Promise<Outcome> {
  const stillOurs = and(eq(outbox.id, row.id), eq(outbox.attempts, row.attempts));
  try {
    await mailer.send({
      to: row.to,
      subject: row.subject,
      text: row.body,
      html: row.html,
      ...(row.headers ? { headers: row.headers } : {}),
      idempotencyKey: `crewboard-${row.id}-${row.createdAt.getTime()}`,
    });
  } catch (error) {
    const lastError = messageOf(error);
    if (row.attempts >= MAX_ATTEMPTS) {
      console.error(`[mail] gave up on e-mail ${row.id} to ${row.to} after ${row.attempts} attempts: ${lastError}`);
      await db
        .update(outbox)
        .set({ nextAttemptAt: null, failedAt: new Date(now), lastError })
        .where(stillOurs);
      return "failed";
    }
    const retryAt = now + RETRY_DELAYS_MS[row.attempts - 1]!;
    console.warn(`[mail] e-mail ${row.id} to ${row.to} failed (attempt ${row.attempts}), retrying: ${lastError}`);
    await db
      .update(outbox)
      .set({ nextAttemptAt: new Date(retryAt), lastError })
      .where(stillOurs);
    return "retry";
  }
  await db
    .update(outbox)
    .set({ nextAttemptAt: null, sentAt: new Date(now), lastError: null })
    .where(stillOurs);
  return "sent";
}

/**
 * Sends what is due, once: what the member's request just queued, and retries whose time came.
 * Never rejects: a provider's or the database's failure is recorded or logged, and is nobody's
 * response. Returns how many rows it claimed.
 */
export async function deliverDue(db: Db, mailer: Mailer, now = Date.now(), limit = CLAIM_BATCH) {
  try {
    const claimed = await claimDue(db, now, limit);
    await Promise.all(claimed.map((row) => deliver(db, mailer, row, now)));
    return claimed.length;
  } catch (error) {
    console.error("[mail] the outbox could not be read or updated:", messageOf(error));
    return 0;
  }
}

/**
 * After a request queued e-mail: send it once the response is on its way (the Worker's waitUntil,
 * a detached promise on Node), so a slow or failing provider never slows or fails the member.
 */
export const sendAfterResponse = ({ db, mailer, defer }: Pick<Services, "db" | "mailer" | "defer">) =>
  defer(deliverDue(db, mailer));
