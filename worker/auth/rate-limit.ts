import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rateLimits } from "../../db/schema";

export interface RateRule {
  /** Names the counter, e.g. `signin:email`. */
  name: string;
  limit: number;
  windowMs: number;
}

/** Fixed-window counters in the database, so a limit holds across processes and isolates. */
export function rateLimiter(db: Db, now = () => Date.now()) {
  const keyOf = (rule: RateRule, subject: string) => `${rule.name}:${subject.toLowerCase()}`;

  return {
    /** Milliseconds until the window reopens when the limit is reached, else null. */
    async blockedFor(rule: RateRule, subject: string): Promise<number | null> {
      const [row] = await db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, keyOf(rule, subject)));
      if (!row) return null;
      const reopensAt = row.windowStart + rule.windowMs;
      return row.count >= rule.limit && reopensAt > now() ? reopensAt - now() : null;
    },

    async hit(rule: RateRule, subject: string) {
      const t = now();
      const expired = t - rule.windowMs;
      await db
        .insert(rateLimits)
        .values({ key: keyOf(rule, subject), windowStart: t, count: 1 })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
            windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN ${t} ELSE ${rateLimits.windowStart} END`,
          },
        });
    },

    async reset(rule: RateRule, subject: string) {
      await db.delete(rateLimits).where(eq(rateLimits.key, keyOf(rule, subject)));
    },
  };
}

/** A wait as a member reads it: whole minutes, rounded up, never "0 minutes". */
export function minutesFrom(ms: number) {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

export const tooManyAttemptsMessage = (retryAfterMs: number) => `Too many attempts, try again in ${minutesFrom(retryAfterMs)}`;
