/**
 * Where a send's database time goes, one process, one statement after another, on files of its
 * own: the floor (the same INSERT through the same driver into a table with the same keys and no
 * triggers), the send's own statement with the triggers migration 0019 took out of it (the search
 * index, its word list and the digest, as 0018 left them, put back on today's schema) and as it is
 * (its checks, the chat's sequence and unread state by triggers), through our driver and through
 * `@libsql/client`'s (db/node-client.ts keeps statements prepared; that one prepares each afresh), and the
 * follow-up that now runs after the answer (worker/chats/send-follow-up.ts): the
 * search index, its word list and the digest's due time, run for each message alone and for ten at
 * once, as a busy chat's sends share one run.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { pairKey } from "../core/friend-rules";
import { createClient } from "@libsql/client";
import { createDb } from "../db/client";
import { createNodeDb, migrateLocal, PAGE_CACHE_KIB } from "../db/local";
import { insertMessage } from "../worker/chats/messages";
import { followUpSends } from "../worker/chats/send-follow-up";
import { fixed, percentile, ROOT } from "./lib";

const SENDS = 2000;
const WARM_UP = 200;
const SHARED_RUN = 10;

const content = (i: number) => `message ${i} about the deploy of release ${i % 97} tomorrow morning`;

/** The migrations as they stood before 0019, when the index and the digest were in the insert. */
function migrationsBefore(dir: string) {
  const folder = join(dir, "migrations-before");
  cpSync(join(ROOT, "db", "migrations"), folder, { recursive: true });
  const journalFile = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((entry) => entry.tag < "0019");
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/** What migration 0019 took out of the insert. */
const MOVED_OUT = ["messages_fts_after_insert", "message_search_words_after_insert", "messages_digest_due"];

/**
 * Those triggers as migration 0018 left them, to put back on today's schema: today's send reads
 * columns a database migrated only up to 0018 does not have.
 */
async function triggersBefore0019(dir: string) {
  const old = createNodeDb({ url: `file:${join(dir, "0018.db")}` });
  try {
    await migrateLocal(old, migrationsBefore(dir));
    const { rows } = await old.$client.execute({
      sql: `SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name IN (${MOVED_OUT.map(() => "?").join(", ")})`,
      args: MOVED_OUT,
    });
    if (rows.length !== MOVED_OUT.length)
      throw new Error(`Migration 0018 left ${rows.length} of ${MOVED_OUT.length} triggers`);
    return rows.map((row) => String(row.sql));
  } finally {
    old.$client.close();
  }
}

/** Ada and Bob, friends, and their private chat. */
async function twoFriends(db: Db) {
  await db.run(sql`INSERT INTO users (id, email) VALUES ('ada', 'ada@example.com'), ('bob', 'bob@example.com')`);
  await db.run(sql`INSERT INTO profiles (id, email, display_name) SELECT id, email, id FROM users`);
  await db.run(sql`INSERT INTO friends (id, user_id, friend_id, status) VALUES ('f', 'ada', 'bob', 'accepted')`);
  await db.run(
    sql`INSERT INTO chats (id, is_group, created_by, pair_key) VALUES ('pair', 0, 'ada', ${pairKey("ada", "bob")})`,
  );
  await db.run(
    sql`INSERT INTO chat_participants (chat_id, user_id, role) VALUES ('pair', 'ada', 'member'), ('pair', 'bob', 'member')`,
  );
}

export async function sendSteps() {
  const dir = mkdtempSync(join(tmpdir(), "crewboard-send-steps-"));
  const db = createNodeDb({ url: `file:${join(dir, "app.db")}` });
  const before = createNodeDb({ url: `file:${join(dir, "before.db")}` });
  try {
    await migrateLocal(db);
    await migrateLocal(before);
    for (const trigger of await triggersBefore0019(dir)) await before.$client.execute(trigger);
    await twoFriends(db);
    await twoFriends(before);
    // The floor: messages' columns and keys, nothing else.
    await db.run(
      sql`CREATE TABLE floor_messages AS SELECT id, chat_id, sender_id, client_id, content, message_type, seq FROM messages WHERE 0`,
    );
    await db.run(sql`CREATE UNIQUE INDEX floor_sender_client ON floor_messages (sender_id, client_id)`);
    await db.run(sql`CREATE UNIQUE INDEX floor_chat_seq ON floor_messages (chat_id, seq)`);
    let n = 0;
    const floorInsert = () => {
      const i = n++;
      return db.run(sql`
        INSERT INTO floor_messages (chat_id, sender_id, client_id, content, message_type, seq)
        SELECT 'pair', 'ada', ${`floor-${i}`}, ${content(i)}, 'text',
          (SELECT coalesce(max(seq), 0) + 1 FROM floor_messages WHERE chat_id = 'pair')`);
    };
    const sendOn = (to: Db) => async () => {
      const i = n++;
      const stored = await insertMessage(to, {
        chatId: "pair",
        senderId: "ada",
        clientId: `send-${i}`,
        content: content(i),
        messageType: "text",
      });
      // A send its checks refuse stores nothing, and would time a statement that did no work.
      if (stored.length !== 1) throw new Error(`Send ${i} stored ${stored.length} messages`);
    };

    const time = async (runs: number, step: () => Promise<unknown>) => {
      for (let i = 0; i < WARM_UP; i++) await step();
      const durations: number[] = [];
      for (let i = 0; i < runs; i++) {
        const start = performance.now();
        await step();
        durations.push(performance.now() - start);
      }
      return durations;
    };
    const send = sendOn(db);
    const floor = await time(SENDS, floorInsert);
    const sendBefore = await time(SENDS, sendOn(before));
    const sendAlone = await time(SENDS, send);
    // The same statement on the same file through @libsql/client's own driver, as the host ran it
    // before db/node-client.ts: it prepares each statement afresh.
    const original = createDb({ url: `file:${join(dir, "app.db")}` }, (file) =>
      createClient({ ...file, concurrency: 1 }),
    );
    await original.run(sql.raw(`PRAGMA cache_size = -${PAGE_CACHE_KIB}`));
    const sendOriginal = await time(SENDS, sendOn(original));
    original.$client.close();
    await followUpSends(db);
    // The follow-up's own time, after each send, and after every tenth (per message).
    const followed = async (runs: number, sendsPerRun: number) => {
      const durations: number[] = [];
      for (let r = 0; r < runs; r++) {
        for (let i = 0; i < sendsPerRun; i++) await send();
        const start = performance.now();
        await followUpSends(db);
        durations.push((performance.now() - start) / sendsPerRun);
      }
      return durations;
    };
    const followOne = await followed(SENDS, 1);
    const followShared = await followed(SENDS / SHARED_RUN, SHARED_RUN);

    const figures = (durations: number[]) => {
      const mean = durations.reduce((a, b) => a + b, 0) / durations.length;
      return { meanMs: mean, p50Ms: percentile(durations, 50), p99Ms: percentile(durations, 99) };
    };
    const steps = {
      floor: figures(floor),
      sendBefore: figures(sendBefore),
      send: figures(sendAlone),
      sendThroughLibsqlClient: figures(sendOriginal),
      followUpAlone: figures(followOne),
      followUpShared: figures(followShared),
    };
    const row = (step: string, f: ReturnType<typeof figures>) => ({
      step,
      meanMs: fixed(f.meanMs, 3),
      p50Ms: fixed(f.p50Ms, 3),
      p99Ms: fixed(f.p99Ms, 3),
      "÷ floor": fixed(f.meanMs / steps.floor.meanMs, 2),
    });
    return {
      steps,
      /** Inserts a second the database itself takes, one after another. */
      floorPerSecond: 1000 / steps.floor.meanMs,
      rows: [
        row("database floor: the same INSERT, no triggers", steps.floor),
        row("the send's statement with 0018's triggers: index and digest inside", steps.sendBefore),
        row("the send's statement: checks, sequence, unread state", steps.send),
        row("the same, through @libsql/client's driver (prepared each time)", steps.sendThroughLibsqlClient),
        row("follow-up after the answer, one message a run", steps.followUpAlone),
        row(`follow-up after the answer, ${SHARED_RUN} messages a run (each)`, steps.followUpShared),
      ],
    };
  } finally {
    db.$client.close();
    before.$client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
