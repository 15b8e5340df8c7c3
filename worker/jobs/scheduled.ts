/**
 * The scheduled job, the same on both hosts: at the edge Cron Triggers call the Worker's
 * `scheduled()` (wrangler.toml `[triggers]`), on Node the host's primary process runs it on a timer
 * (worker/local.ts). It sends the outbox's due e-mails (retries included) and deletes what has
 * expired, and files no message carries. Every statement touches a bounded number of rows, so none holds the write lock for long
 * and the serving processes' writes slip in between.
 */
import { inArray, lte, or, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "@db/client";
import { accountTokens, emailTokens, rateLimits, sessions } from "@db/schema";
import { SESSION_ABSOLUTE_LIFETIME_MS } from "../auth/lucia";
import { LONGEST_WINDOW_MS } from "../auth/rate-limit";
import { sweepUploads } from "../attachments/uploads";
import type { Mailer } from "../mail/mailer";
import type { AvatarStore } from "../storage/avatar-store";
import { CLAIM_BATCH, deliverDue } from "../mail/outbox";

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

/** Sends what is due until nothing is, or this run's share is done. */
async function drainOutbox(db: Db, mailer: Mailer, now: number) {
  let claimed = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const batch = await deliverDue(db, mailer, now, CLAIM_BATCH);
    claimed += batch;
    if (batch < CLAIM_BATCH) break;
  }
  return claimed;
}

/** `attachments`: the store whose unsent and deleted files are removed here (attachments/uploads.ts). */
export async function runScheduledJobs(db: Db, mailer: Mailer, now = Date.now(), attachments?: AvatarStore) {
  const at = new Date(now);
  const emails = await drainOutbox(db, mailer, now);
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
  // Last: a file store that fails stops nothing above.
  const files = attachments ? await sweepAllUploads(db, attachments, now) : 0;
  return {
    emails,
    sessions: sessionsGone,
    emailTokens: emailTokensGone,
    accountTokens: accountTokensGone,
    rateLimits: rateLimitsGone,
    files,
  };
}
