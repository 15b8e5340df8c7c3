/**
 * The scheduled job, the same on both hosts: at the edge Cron Triggers call the Worker's
 * `scheduled()` (wrangler.toml `[triggers]`), on Node the host's primary process runs it on a timer
 * (worker/local.ts). It follows up on messages their sends left (worker/chats/send-follow-up.ts),
 * queues the e-mail digests that are due (worker/notifications/digest.ts), sends the outbox's due
 * e-mails (those digests and retries included) and pushes, and deletes what has expired (link
 * previews among it) and files no message carries. Every statement touches a bounded number of rows, so none holds the write
 * lock for long and the serving processes' writes slip in between.
 */
import { and, inArray, isNull, lte, or, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "@db/client";
import { accountTokens, emailTokens, linkPreviews, pushOutbox, rateLimits, sessions } from "@db/schema";
import { SESSION_ABSOLUTE_LIFETIME_MS } from "../auth/lucia";
import { LONGEST_WINDOW_MS } from "../auth/rate-limit";
import { sweepUploads } from "../attachments/uploads";
import type { Config } from "../config";
import type { Mailer } from "../mail/mailer";
import { CLAIM_BATCH, deliverDue } from "../mail/outbox";
import { queueDigests } from "../notifications/digest";
import { followUpSends } from "../chats/send-follow-up";
import { expiredCards } from "../previews/cache";
import { deliverDuePushes, type PushServices } from "../push/outbox";
import type { AvatarStore } from "../storage/avatar-store";

/** Rows one statement deletes. */
export const CLEANUP_BATCH = 500;
/** Statements per kind of row in one run; what is left, the next run takes. */
const MAX_ROUNDS = 20;

/** Every minute at the edge (wrangler.toml), and on Node unless JOBS_INTERVAL_MS says otherwise. */
export const JOBS_INTERVAL_MS = 60_000;

/** Deletes the rows `expired` selects, a batch at a time, keyed by `key`; returns how many went. */
async function deleteInBatches(db: Db, table: SQLiteTable, key: SQLiteColumn, expired: SQL | undefined) {
  let deleted = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const batch = db.select({ key }).from(table).where(expired).limit(CLEANUP_BATCH);
    const { rowsAffected } = await db.delete(table).where(inArray(key, batch));
    deleted += rowsAffected;
    if (rowsAffected < CLEANUP_BATCH) break;
  }
  return deleted;
}

/** Removes files no message carries any more, a batch at a time. */
async function sweepAllUploads(db: Db, attachments: AvatarStore, now: number) {
  let removed = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const batch = await sweepUploads(db, attachments, now);
    removed += batch;
    if (batch === 0) break;
  }
  return removed;
}

/** Settled pushes (sent, skipped or failed) are kept this long, for whoever looks into one. */
export const PUSHES_KEPT_MS = 7 * 24 * 60 * 60_000;

/** Sends what is due, a batch (`deliverBatch`) at a time, until nothing is or this run's share is done. */
async function drain(deliverBatch: () => Promise<number>) {
  let claimed = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const batch = await deliverBatch();
    claimed += batch;
    if (batch < CLAIM_BATCH) break;
  }
  return claimed;
}

/**
 * `push`: without it (tests of the other jobs) pushes wait for a run that has it; both hosts pass it.
 * `attachments`: the store whose unsent and deleted files are removed here (attachments/uploads.ts).
 */
export async function runScheduledJobs(
  db: Db,
  mailer: Mailer,
  config: Config,
  now = Date.now(),
  push?: PushServices,
  attachments?: AvatarStore,
) {
  const at = new Date(now);
  // What the sends left to follow (a process that stopped before it did): the digests read its due times.
  const messages = await followUpSends(db);
  // Before the e-mails, so the digests leave with this run's.
  const digests = await queueDigests(db, config, now, MAX_ROUNDS);
  const emails = await drain(() => deliverDue(db, mailer, now, CLAIM_BATCH));
  const pushes = push ? await drain(() => deliverDuePushes(db, push, now, CLAIM_BATCH)) : 0;
  const pushesGone = await deleteInBatches(
    db,
    pushOutbox,
    pushOutbox.id,
    and(isNull(pushOutbox.nextAttemptAt), lte(pushOutbox.createdAt, new Date(now - PUSHES_KEPT_MS))),
  );
  const sessionsGone = await deleteInBatches(
    db,
    sessions,
    sessions.id,
    // lucia keeps seconds; a session also ends at its absolute lifetime however it slid.
    or(lte(sessions.expiresAt, Math.floor(now / 1000)), lte(sessions.createdAt, now - SESSION_ABSOLUTE_LIFETIME_MS)),
  );
  const emailTokensGone = await deleteInBatches(db, emailTokens, emailTokens.tokenHash, lte(emailTokens.expiresAt, at));
  const accountTokensGone = await deleteInBatches(
    db,
    accountTokens,
    accountTokens.tokenHash,
    lte(accountTokens.expiresAt, at),
  );
  const rateLimitsGone = await deleteInBatches(
    db,
    rateLimits,
    rateLimits.key,
    lte(rateLimits.windowStart, now - LONGEST_WINDOW_MS),
  );
  const previewsGone = await deleteInBatches(db, linkPreviews, linkPreviews.url, expiredCards(now));
  // Last: a file store that fails stops nothing above.
  const files = attachments ? await sweepAllUploads(db, attachments, now) : 0;
  return {
    messages,
    digests,
    emails,
    pushes,
    pushesGone,
    sessions: sessionsGone,
    emailTokens: emailTokensGone,
    accountTokens: accountTokensGone,
    rateLimits: rateLimitsGone,
    previews: previewsGone,
    files,
  };
}
