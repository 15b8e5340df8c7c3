import { TRPCError } from "@trpc/server";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { rateLimits } from "@db/schema";

export interface RateRule {
  /** Names the counter, e.g. `signin:email`. */
  name: string;
  limit: number;
  windowMs: number;
}

export const ONE_DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The longest window any rule counts over (a day: reports; the others count over an hour or less).
 * A counter whose window started before that counts nothing any more.
 */
export const LONGEST_WINDOW_MS = ONE_DAY_MS;

/** Which counter an attempt counts against: a rule and whom it is about (an address, an IP, a member). */
export type Attempt = [rule: RateRule, subject: string];

const keyOf = ([rule, subject]: Attempt) => `${rule.name}:${subject.toLowerCase()}`;

/**
 * Counts the attempt and returns the count, in one statement (fixed windows, kept in the
 * database so a limit holds across processes and isolates). Counting first and checking the
 * returned count means attempts that run at the same moment each see their own number, so a
 * burst or a batch cannot all pass a check made before any of them was counted.
 */
function countAttempt(db: Db, attempt: Attempt, now: number) {
  const expired = now - attempt[0].windowMs;
  return db
    .insert(rateLimits)
    .values({ key: keyOf(attempt), windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN ${now} ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
}

/**
 * Counts every attempt (all in one transaction) and refuses with `message(wait)` when any is over
 * its limit. The refused attempt stays counted: the counters say how often someone tried.
 */
export async function limitAttempts(db: Db, attempts: Attempt[], message: (retryAfterMs: number) => string) {
  const counting = countAttempts(db, attempts);
  const [first, ...rest] = counting.statements;
  if (!first) return;
  counting.refuseOver(await db.batch([first, ...rest]), message);
}

/**
 * `limitAttempts` in two halves, for a write that goes out in the same batch as its counting (and
 * guards itself with `withinLimit`): the counting statements, and the refusal read from their results.
 */
export function countAttempts(db: Db, attempts: Attempt[]) {
  const now = Date.now();
  return {
    statements: attempts.map((attempt) => countAttempt(db, attempt, now)),
    refuseOver(counted: { count: number; windowStart: number }[][], message: (retryAfterMs: number) => string) {
      const waits = counted.flatMap(([row], i) => {
        const rule = attempts[i]![0];
        return row && row.count > rule.limit ? [row.windowStart + rule.windowMs - now] : [];
      });
      if (waits.length) throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: message(Math.max(...waits)) });
    },
  };
}

/** Holds while the attempt's counter is within its limit: for a write in the batch that counted it. */
export const withinLimit = (attempt: Attempt) =>
  sql`NOT EXISTS (SELECT 1 FROM rate_limits WHERE key = ${keyOf(attempt)} AND count > ${attempt[0].limit})`;

/** Forgets an attempt's counter (a right password clears the failures of its address). */
export const resetAttempts = (db: Db, attempt: Attempt) =>
  db.delete(rateLimits).where(eq(rateLimits.key, keyOf(attempt)));

/** Gives one counted attempt back, for limits that only mean to count failures. */
export const refundAttempt = (db: Db, attempt: Attempt) =>
  db
    .update(rateLimits)
    .set({ count: sql`max(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, keyOf(attempt)));

/** A wait as a member reads it: whole minutes, rounded up, never "0 minutes". */
export function minutesFrom(ms: number) {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** A long wait as a member reads it: whole hours, rounded up, once it is over an hour; minutes below that. */
export function hoursFrom(ms: number) {
  if (ms <= 60 * 60_000) return minutesFrom(ms);
  const hours = Math.ceil(ms / (60 * 60_000));
  return `${hours} hours`;
}

export const tooManyAttemptsMessage = (retryAfterMs: number) =>
  `Too many attempts, try again in ${minutesFrom(retryAfterMs)}`;
