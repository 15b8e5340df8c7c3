import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { EMAIL_LOOKUPS_PER_HOUR } from "../../db/friend-rules";
import { rateLimits } from "../../db/schema";

const WINDOW_MS = 60 * 60 * 1000;

/**
 * Counts one e-mail lookup for the member and answers, in the same statement, whether it was
 * within the hourly allowance: milliseconds until the window reopens when it was not, else null.
 * Counting first means parallel calls cannot all pass a check made before any of them counted.
 */
export async function takeEmailLookup(db: Db, memberId: string, now = Date.now()): Promise<number | null> {
  const expired = now - WINDOW_MS;
  const [row] = await db
    .insert(rateLimits)
    .values({ key: `friends:lookup:${memberId}`, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN ${now} ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  return row!.count > EMAIL_LOOKUPS_PER_HOUR ? row!.windowStart + WINDOW_MS - now : null;
}
