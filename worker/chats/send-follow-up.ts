/**
 * What follows a send a moment later, out of the statement that stores the message (migration
 * 0019): the message enters the search index (messages_fts) and its words the word list, and a
 * private message makes its reader due an e-mail digest. One transaction takes every message past
 * `message_follow_up.done_up_to`, at most FOLLOW_UP_BATCH of them, and moves the mark past them, so
 * it is the same whoever runs it and however often: the serving process right after its send, the
 * scheduled job every minute, and the Node host as it starts (a crash in between loses nothing).
 */
import { sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { DIGEST_DELAY_MS, DIGEST_INTERVAL_MS } from "@core/notification-rules";
import { messageOf } from "@core/error-message";

/** Messages one transaction follows up: it holds the write lock for a few milliseconds at most. */
export const FOLLOW_UP_BATCH = 500;
/** Transactions one call runs before leaving the rest to the next. */
const MAX_ROUNDS = 20;

/** The messages of this run, as `m`. */
const inRun = sql`m.id > (SELECT done_up_to FROM message_follow_up) AND m.id <= (SELECT running_to FROM message_follow_up)`;
const indexed = sql`${inRun} AND m.message_type = 'text' AND m.deleted_at IS NULL`;
/** When a member is due a digest: DIGEST_DELAY_MS after what they missed, never sooner than DIGEST_INTERVAL_MS after the last. */
const dueFrom = (missedAt: string) =>
  sql.raw(`max(${missedAt} + ${DIGEST_DELAY_MS}, coalesce(last_sent_at + ${DIGEST_INTERVAL_MS}, 0))`);

/** One transaction: how far its run went, and whether messages are left past it. */
async function followUpOnce(db: Db) {
  const [[run]] = await db.batch([
    db.all<{ done_up_to: number; running_to: number; newest: number }>(sql`
      UPDATE message_follow_up SET running_to = min(done_up_to + ${FOLLOW_UP_BATCH},
        (SELECT coalesce(max(id), 0) FROM messages))
      RETURNING done_up_to, running_to, (SELECT coalesce(max(id), 0) FROM messages) AS newest`),
    db.run(
      sql`INSERT INTO messages_fts(rowid, content, chat_id) SELECT id, content, chat_id FROM messages m WHERE ${indexed}`,
    ),
    // The run's words, tokenized together in the scratch index, join the list of words held.
    db.run(sql`INSERT INTO message_words_scratch(rowid, content) SELECT id, content FROM messages m WHERE ${indexed}`),
    db.run(sql`INSERT OR IGNORE INTO message_search_words(word) SELECT term FROM message_words_scratch_terms`),
    db.run(sql`INSERT INTO message_words_scratch(message_words_scratch) VALUES ('delete-all')`),
    // A member's words in a private chat make the other member due, unless they muted it or left;
    // a due time already sooner stays. The join on users skips a deleted member's participation.
    db.run(sql`
      INSERT INTO notification_digests (member_id, due_at)
        SELECT p.user_id, min(m.created_at) + ${DIGEST_DELAY_MS}
        FROM messages m
          JOIN chats c ON c.id = m.chat_id
          JOIN chat_participants p ON p.chat_id = m.chat_id
          JOIN users ON users.id = p.user_id
        WHERE ${inRun} AND m.message_type = 'text' AND NOT c.is_group
          AND p.user_id <> m.sender_id AND p.left_at IS NULL AND NOT p.muted
        GROUP BY p.user_id
      ON CONFLICT (member_id) DO UPDATE SET due_at = ${dueFrom("excluded.due_at")}
        WHERE due_at IS NULL OR due_at > ${dueFrom("excluded.due_at")}`),
    db.run(sql`UPDATE message_follow_up SET done_up_to = running_to`),
  ]);
  return { followed: run!.running_to - run!.done_up_to, more: run!.running_to < run!.newest };
}

/**
 * Follows up on every message stored so far, or FOLLOW_UP_BATCH × MAX_ROUNDS of them; returns how
 * many message numbers it went past.
 */
export async function followUpSends(db: Db) {
  let followed = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const run = await followUpOnce(db);
    followed += run.followed;
    if (!run.more) break;
  }
  return followed;
}

/**
 * How long after a send its follow-up starts: the response goes first (on Node the driver runs
 * in-line, so an immediate run would hold it up), and the sends of that moment share one run.
 */
export const FOLLOW_UP_DELAY_MS = 50;

/** Per database, the run to come or under way, and whether a send came after its batch began. */
const runs = new WeakMap<Db, { begun: boolean; again: boolean; done: Promise<void> }>();

/**
 * After a send: follow up FOLLOW_UP_DELAY_MS later. Sends that arrive before the run begins join
 * it; those that arrive while it runs share one more run after it, so a busy chat costs a
 * transaction per burst, not one per message. Never rejects: a failure is logged, and the next
 * send or the scheduled job takes it up.
 */
export function followUpSoon(db: Db): Promise<void> {
  const current = runs.get(db);
  if (current) {
    if (current.begun) current.again = true;
    return current.done;
  }
  const run = { begun: false, again: false, done: Promise.resolve() };
  run.done = (async () => {
    try {
      do {
        run.begun = false;
        run.again = false;
        await new Promise((resolve) => setTimeout(resolve, FOLLOW_UP_DELAY_MS));
        run.begun = true;
        await followUpSends(db);
      } while (run.again);
    } catch (error) {
      console.error("[messages] the search index and digests could not follow the latest messages:", messageOf(error));
    } finally {
      runs.delete(db);
    }
  })();
  runs.set(db, run);
  return run.done;
}

/** Everything, however much: after a bulk load (the demo seed, the benchmark's million messages). */
export async function followUpAll(db: Db) {
  let followed = 0;
  for (let round = await followUpSends(db); round > 0; round = await followUpSends(db)) followed += round;
  return followed;
}
