/**
 * A busy chat room through the real send path (procedure → database → room → sockets): one group
 * of 50 members, all connected, 5 of them sending 2,000 messages paced at 200 a second. Prints
 * send-to-receive latency, lost and duplicated deliveries, then the same for 1,000 reactions and
 * 1,000 edits to those messages at the same pace (each a change every socket receives), then the
 * highest unpaced rate that lost nothing; and, in the same run, the floor: a bare `ws` server
 * broadcasting the same paced messages to 50 clients over loopback. Both runs listen with the same
 * bare `ws` clients (ours open the room with a ticket from the API, as the SPA does), so the
 * client's cost is the same on both sides and what differs is the server path.
 *
 * Then search in a chat of 1,000,000 messages (`searchBench`): the statement `messages.search` runs,
 * through the app's own code on the driver, for common and rare words, two words, short prefixes
 * and second pages, beside its floor: the index's own newest-first lookup of the same words on the
 * bare driver. Target p99 ≤ 10 ms. The chat is seeded once into `.bench/chat-search-1m/` (about a
 * minute) and reused. `npm run bench -- chat --search` runs this part alone.
 */
import { once } from "node:events";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "libsql";
import { WebSocketServer } from "ws";
import WebSocket from "ws";
import { REACTIONS, type Reaction } from "../core/chat-rules";
import { createNodeDb, migrateLocal } from "../db/local";
import { searchMessages } from "../worker/chats/search";
import { followUpAll } from "../worker/chats/send-follow-up";
import { searchWords } from "../core/search-words";
import { toFtsQuery } from "@worker/search/query";
import { testBrowser } from "../testing/browser";
import { fixed, leanClient, percentile, printTable, ROOT, startHost, writeResults } from "./lib";
import { sendSteps } from "./send-steps";

const CLIENTS = 50;
const SENDERS = 5;
const MESSAGES = 2000;
const RATE_PER_S = 200;
/** How long after the last send a delivery still counts (then it is lost). */
const GRACE_MS = 5000;
const UNPACED_MESSAGES = 1000;
/** Reactions, and edits, paced like the messages. */
const CHANGES = 1000;
/** What every path must reach the sockets within, at the 99th percentile. */
const P99_TARGET_MS = 15;
/** Messages' p99 over the bare broadcast's, at most. */
const P99_RATIO_TARGET = 8;
/** Messages a second the host takes, unpaced, with nothing lost. */
const SUSTAINED_TARGET_PER_S = 1500;
const UNPACED_CONCURRENCY = [5, 20, 50];
/** The searched chat's size, and what else the table holds (a chat the member is not in). */
const SEARCH_CHAT_MESSAGES = 1_000_000;
const OTHER_CHAT_MESSAGES = 100_000;
/** Words messages are made of: word k appears about 1/k as often as the first (a Zipf-like spread). */
const VOCABULARY = 5000;
const SEARCH_RUNS = 2000;
const SEARCH_P99_TARGET_MS = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Delivery bookkeeping shared by the real run and the floor: per client, when each tag arrived. */
function deliveries(clients: number) {
  const received = Array.from({ length: clients }, () => new Map<string, number[]>());
  const sentAt = new Map<string, number>();
  return {
    /** `at`: when the request that made it left, for a change named only once it is answered. */
    sent(tag: string, at = performance.now()) {
      sentAt.set(tag, at);
    },
    got(client: number, tag: string) {
      const at = performance.now();
      const times = received[client]!.get(tag);
      if (times) times.push(at);
      else received[client]!.set(tag, [at]);
    },
    figures(tags: string[]) {
      const latencies: number[] = [];
      let lost = 0;
      let duplicated = 0;
      for (const client of received) {
        for (const tag of tags) {
          const times = client.get(tag);
          if (!times) lost++;
          else {
            duplicated += times.length - 1;
            latencies.push(times[0]! - sentAt.get(tag)!);
          }
        }
      }
      return { p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99), lost, duplicated };
    },
  };
}

async function paced(count: number, send: (i: number) => Promise<unknown>) {
  const start = performance.now();
  const inFlight: Promise<unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const due = start + (i * 1000) / RATE_PER_S;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    inFlight.push(send(i));
  }
  await Promise.all(inFlight);
}

/**
 * A member's calls, in tRPC's wire format, through the benchmark's light client (`leanClient`): a
 * send, answered with its status, and a change to a message (a reaction, an edit), answered with the
 * tag its sockets will know it by.
 */
function member(origin: string, cookies: Map<string, string>) {
  const post = leanClient(origin, {
    Origin: origin,
    Cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
    "Content-Type": "application/json",
  });
  const change = async (path: string, input: object) => {
    const { status, text } = await post(`/api/trpc/${path}`, JSON.stringify({ json: input }));
    if (status !== 200) return null;
    return changeTag((JSON.parse(text) as { result: { data: { json: ChangedMessage } } }).result.data.json);
  };
  return {
    send: async (input: { chatId: string; clientId: string; content: string }) =>
      (await post("/api/trpc/chats.send", JSON.stringify({ json: input }))).status,
    react: (input: { chatId: string; messageId: number; emoji: Reaction; on: boolean }) =>
      change("messages.react", input),
    edit: (input: { chatId: string; messageId: number; content: string }) => change("messages.edit", input),
  };
}

interface ChangedMessage {
  id: number;
  changeSeq: number;
}
/** One change to one message: its number is the chat's, so the pair names it. */
const changeTag = (m: ChangedMessage) => `${m.id}:${m.changeSeq}`;

/** What the benchmark reads of a frame: the room's message and change events, or the floor's tags. */
interface Frame {
  type: string;
  tag?: string;
  messages?: ({ clientId: string } & ChangedMessage)[];
}

/** A bare `ws` client, open, handing each frame's JSON to `onFrame`. */
async function listen(url: string, onFrame: (data: Frame) => void) {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  ws.on("message", (raw) => onFrame(JSON.parse(String(raw)) as Frame));
  await once(ws, "open");
  return ws;
}

async function floor() {
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  const book = deliveries(CLIENTS);
  const sockets = await Promise.all(
    Array.from({ length: CLIENTS }, (_, i) => listen(`ws://127.0.0.1:${port}`, (data) => book.got(i, data.tag!))),
  );
  const tags = Array.from({ length: MESSAGES }, (_, i) => `floor-${i}`);
  await paced(MESSAGES, async (i) => {
    book.sent(tags[i]!);
    const frame = JSON.stringify({ type: "message", tag: tags[i] });
    for (const client of server.clients) client.send(frame);
  });
  await sleep(500);
  for (const ws of sockets) ws.close();
  server.close();
  return book.figures(tags);
}

/** Word `k` of the vocabulary: pronounceable, distinct, three to nine letters. */
const word = (k: number) => {
  const syllables = ["ka", "lo", "mi", "ne", "su", "ta", "ve", "ro", "di", "pa", "zu", "he"];
  let out = "";
  for (let n = k + 12; n > 0; n = Math.floor(n / 12)) out += syllables[n % 12];
  return out;
};

/**
 * One group of two members with `SEARCH_CHAT_MESSAGES` messages of five to twelve words each, and
 * another chat beside it; written by the migrations' own triggers (the search index included), in
 * bulk, into a file kept for later runs.
 */
async function searchDatabase() {
  const dir = join(ROOT, ".bench", "chat-search-1m");
  const file = join(dir, "app.db");
  // Written last: a folder without it is a seeding cut short, and starts again.
  const seeded = join(dir, "seeded");
  if (existsSync(seeded)) return file;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const db = createNodeDb({ url: `file:${file}` });
  await migrateLocal(db);
  const bare = new Database(file);
  bare.exec(`PRAGMA synchronous = OFF; PRAGMA cache_size = -400000;
    INSERT INTO users (id, email) VALUES ('searcher', 'searcher@example.com'), ('writer', 'writer@example.com'),
      ('outsider', 'outsider@example.com');
    INSERT INTO profiles (id, email, display_name) SELECT id, email, upper(substr(id, 1, 1)) || substr(id, 2) FROM users;
    INSERT INTO chats (id, is_group, title, created_by) VALUES ('searched', 1, 'Searched', 'searcher'),
      ('elsewhere', 1, 'Elsewhere', 'outsider');
    INSERT INTO chat_participants (chat_id, user_id, role) VALUES ('searched', 'searcher', 'admin'),
      ('searched', 'writer', 'member'), ('elsewhere', 'outsider', 'admin');
    CREATE TEMP TABLE vocabulary (k INTEGER PRIMARY KEY, word TEXT NOT NULL);`);
  const insertWord = bare.prepare("INSERT INTO vocabulary (k, word) VALUES (?, ?)");
  for (let k = 1; k <= VOCABULARY; k++) insertWord.run(k, word(k));
  // Word rank from a uniform draw u in (0, 1]: about 1/k of the time word k.
  // Correlated with the row (\`0 * n\`), so each word is drawn anew for every message.
  const drawn = () =>
    `(SELECT word FROM vocabulary WHERE k = max(1, min(${VOCABULARY}, CAST(exp(((abs(random()) % 1000000) / 1000000.0) * ${Math.log(VOCABULARY)}) AS INTEGER) + 0 * n)))`;
  const fill = (chatId: string, sender: string, count: number) => {
    for (let start = 1; start <= count; start += 100_000) {
      const end = Math.min(count, start + 99_999);
      const words = Array.from({ length: 12 }, drawn);
      bare.exec(`BEGIN;
        WITH RECURSIVE i(n) AS (SELECT ${start} UNION ALL SELECT n + 1 FROM i WHERE n < ${end})
        INSERT INTO messages (chat_id, sender_id, client_id, content, message_type, seq, created_at)
        SELECT '${chatId}', '${sender}', '${chatId}-' || n,
          ${words.slice(0, 5).join(" || ' ' || ")}
            || CASE WHEN n % 3 = 0 THEN ' ' || ${words.slice(5).join(" || ' ' || ")} ELSE '' END,
          'text', n, 1700000000000 + n * 1000
        FROM i;
        COMMIT;`);
    }
  };
  fill("searched", "writer", SEARCH_CHAT_MESSAGES);
  fill("elsewhere", "outsider", OTHER_CHAT_MESSAGES);
  // Indexed as sends are, a batch at a time (worker/chats/send-follow-up.ts).
  await followUpAll(db);
  db.$client.close();
  bare.exec("INSERT INTO messages_fts(messages_fts) VALUES ('optimize'); ANALYZE;");
  bare.close();
  writeFileSync(seeded, "");
  return file;
}

/** Searches in the 1M-message chat beside the index's own lookup of the same words. */
async function searchBench() {
  const file = await searchDatabase();
  const db = createNodeDb({ url: `file:${file}` });
  const bare = new Database(file, { readonly: true });
  // Common, middling and rare words; two words; the prefixes a member types on the way to a word.
  const queries = [
    ...[1, 2, 3, 5, 8, 13, 40, 100, 400, 1000, 2500, 4900].map(word),
    ...[
      [1, 7],
      [3, 50],
      [20, 600],
      [2, 4000],
    ].map(([a, b]) => `${word(a!)} ${word(b!)}`),
    ...[2, 3, 4].map((n) => word(30).slice(0, n)),
    ...[2, 3].map((n) => word(700).slice(0, n)),
  ];
  const scope = { memberId: "searcher", chatId: "searched" };
  const seconds = await Promise.all(queries.map((q) => searchMessages(db, q, scope)));
  const ours: number[] = [];
  const next: number[] = [];
  const floor: number[] = [];
  const lookup = bare.prepare("SELECT rowid FROM messages_fts WHERE messages_fts MATCH ? ORDER BY rowid DESC LIMIT 21");
  for (let run = 0; run < SEARCH_RUNS; run++) {
    const i = run % queries.length;
    const query = queries[i]!;
    let start = performance.now();
    await searchMessages(db, query, scope);
    ours.push(performance.now() - start);
    const cursor = seconds[i]!.nextCursor;
    if (cursor !== null) {
      start = performance.now();
      await searchMessages(db, query, { ...scope, before: cursor });
      next.push(performance.now() - start);
    }
    start = performance.now();
    lookup.all(toFtsQuery(searchWords(query), null));
    floor.push(performance.now() - start);
  }
  bare.close();
  db.$client.close();
  const figures = (durations: number[]) => ({ p50Ms: percentile(durations, 50), p99Ms: percentile(durations, 99) });
  const result = {
    messages: SEARCH_CHAT_MESSAGES,
    firstPage: figures(ours),
    nextPage: figures(next),
    floor: figures(floor),
  };
  printTable(`Search in a chat of ${SEARCH_CHAT_MESSAGES.toLocaleString()} messages, ${queries.length} queries`, [
    {
      path: "messages.search, first page",
      p50Ms: fixed(result.firstPage.p50Ms, 2),
      p99Ms: fixed(result.firstPage.p99Ms, 2),
    },
    {
      path: "messages.search, next page",
      p50Ms: fixed(result.nextPage.p50Ms, 2),
      p99Ms: fixed(result.nextPage.p99Ms, 2),
    },
    { path: "index lookup alone (floor)", p50Ms: fixed(result.floor.p50Ms, 2), p99Ms: fixed(result.floor.p99Ms, 2) },
  ]);
  const ratio = result.firstPage.p99Ms / result.floor.p99Ms;
  console.log(`
Search p99 is ${fixed(ratio)}× the index lookup's. Target: p99 ≤ ${SEARCH_P99_TARGET_MS} ms.`);
  const missed = Math.max(result.firstPage.p99Ms, result.nextPage.p99Ms) > SEARCH_P99_TARGET_MS;
  return { ...result, p99RatioToFloor: ratio, missed };
}

async function main() {
  const host = await startHost({
    rooms: true,
    env: { RATE_LIMIT_SIGNUP_PER_IP: "100000", RATE_LIMIT_SIGNIN_PER_IP: "100000" },
  });
  try {
    const members: { browser: ReturnType<typeof testBrowser>; id: string }[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const browser = testBrowser(host.url, fetch);
      const me = await browser.trpc.auth.signUp.mutate({
        displayName: `Bench ${i}`,
        email: `bench-chat-${i}@example.com`,
        password: "correct horse battery",
      });
      members.push({ browser, id: me.id });
    }
    const db = host.openDatabase();
    for (const other of members.slice(1)) {
      await db.execute({
        sql: "INSERT INTO friends (id, user_id, friend_id, status) VALUES (?, ?, ?, 'accepted')",
        args: [crypto.randomUUID(), members[0]!.id, other.id],
      });
    }
    db.close();
    const { chatId } = await members[0]!.browser.trpc.chats.createGroup.mutate({
      name: "Bench room",
      memberIds: members.slice(1).map((m) => m.id),
    });

    let book = deliveries(CLIENTS);
    const clients = await Promise.all(
      members.map(async (member, i) => {
        const { ticket } = await member.browser.trpc.chats.ticket.query({ chatId });
        const url = `ws://${host.roomsHost}/parties/chat-room/${encodeURIComponent(chatId)}?ticket=${encodeURIComponent(ticket)}`;
        return listen(url, (data) => {
          if (data.type === "messages") for (const message of data.messages!) book.got(i, message.clientId);
          if (data.type === "changes") for (const message of data.messages!) book.got(i, changeTag(message));
        });
      }),
    );
    const senders = members.slice(0, SENDERS).map((m) => member(host.url, m.browser.cookies));
    let failedSends = 0;
    const send = (tag: string, i: number) => {
      book.sent(tag);
      return senders[i % SENDERS]!.send({ chatId, clientId: tag, content: `message ${i}` }).then(
        (status) => void (status !== 200 && failedSends++),
        () => void failedSends++,
      );
    };

    // Warm-up: the first messages pay for cold caches in every process.
    const warm = Array.from({ length: 50 }, (_, i) => `bench-warm-${i}`);
    await paced(warm.length, (i) => send(warm[i]!, i));
    await sleep(500);

    book = deliveries(CLIENTS);
    const tags = Array.from({ length: MESSAGES }, (_, i) => `bench-paced-${i}`);
    await paced(MESSAGES, (i) => send(tags[i]!, i));
    await sleep(GRACE_MS);
    const ours = book.figures(tags);

    // Changes to the newest messages at the same pace: a reaction is a distinct (sender, message,
    // emoji) each time; an edit is an author's own message given new words.
    const newest = (await members[0]!.browser.trpc.chats.messages.query({ chatId })).messages;
    let failedChanges = 0;
    const changes = async (make: (i: number) => Promise<string | null>) => {
      book = deliveries(CLIENTS);
      const made: string[] = [];
      await paced(CHANGES, async (i) => {
        const at = performance.now();
        const tag = await make(i);
        if (tag === null) failedChanges++;
        else book.sent(tag, at);
        if (tag) made.push(tag);
      });
      await sleep(GRACE_MS);
      return book.figures(made);
    };
    const combos = SENDERS * REACTIONS.length;
    const reactions = await changes((i) =>
      senders[i % SENDERS]!.react({
        chatId,
        messageId: newest[Math.floor(i / combos) % newest.length]!.id,
        emoji: REACTIONS[Math.floor(i / SENDERS) % REACTIONS.length]!,
        on: true,
      }),
    );
    const ownBy = (s: number) => newest.filter((m) => m.senderId === members[s]!.id);
    const edits = await changes((i) => {
      const mine = ownBy(i % SENDERS);
      return senders[i % SENDERS]!.edit({ chatId, messageId: mine[i % mine.length]!.id, content: `edit ${i}` });
    });

    const unpaced = [];
    for (const concurrency of UNPACED_CONCURRENCY) {
      book = deliveries(CLIENTS);
      const batch = Array.from({ length: UNPACED_MESSAGES }, (_, i) => `unpaced-${concurrency}-${i}`);
      let next = 0;
      const start = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < batch.length) {
            const i = next++;
            await send(batch[i]!, i);
          }
        }),
      );
      const seconds = (performance.now() - start) / 1000;
      await sleep(GRACE_MS);
      unpaced.push({ concurrency, perSecond: UNPACED_MESSAGES / seconds, ...book.figures(batch) });
    }
    for (const ws of clients) ws.close();

    const base = await floor();
    const ratio = ours.p99Ms / base.p99Ms;
    const row = (path: string, f: ReturnType<ReturnType<typeof deliveries>["figures"]>) => ({
      path,
      p50Ms: fixed(f.p50Ms),
      p99Ms: fixed(f.p99Ms),
      lost: f.lost,
      duplicated: f.duplicated,
    });
    printTable(`Paced: ${MESSAGES} messages at ${RATE_PER_S}/s from ${SENDERS} senders to ${CLIENTS} sockets`, [
      row("Crewboard (send → db → room → socket)", ours),
      row(`reactions, ${CHANGES} (react → db → room → socket)`, reactions),
      row(`edits, ${CHANGES} (edit → db → room → socket)`, edits),
      row("bare ws broadcast (floor)", base),
    ]);
    console.log(
      `\nOur p99 is ${fixed(ratio)}× the floor's. Failed sends: ${failedSends}, failed changes: ${failedChanges}. ` +
        `Targets: lost 0, duplicated 0, p99 ≤ ${P99_TARGET_MS} ms for messages, reactions and edits alike, ` +
        `messages' p99 ≤ ${P99_RATIO_TARGET}× the floor's.`,
    );
    printTable(
      `Unpaced: ${UNPACED_MESSAGES} messages as fast as the senders go`,
      unpaced.map((u) => ({
        senders: u.concurrency,
        perSecond: fixed(u.perSecond, 0),
        p99Ms: fixed(u.p99Ms),
        lost: u.lost,
        duplicated: u.duplicated,
      })),
    );
    const sustained = Math.max(0, ...unpaced.filter((u) => u.lost === 0 && u.duplicated === 0).map((u) => u.perSecond));
    const steps = await sendSteps();
    printTable(`A send's database work, one process, statement after statement`, steps.rows);
    console.log(
      `\nHighest sustained rate with nothing lost: ${fixed(sustained, 0)} messages/s, ` +
        `${fixed(sustained / steps.floorPerSecond, 2)}× the database floor's ${fixed(steps.floorPerSecond, 0)} inserts/s ` +
        `one after another. Target: ≥ ${SUSTAINED_TARGET_PER_S}/s.`,
    );
    const search = await searchBench();
    writeResults("chat", {
      search,
      paced: ours,
      reactions,
      edits,
      failedChanges,
      floor: base,
      p99RatioToFloor: ratio,
      failedSends,
      unpaced,
      sustainedPerSecond: sustained,
      sendSteps: steps.steps,
      databaseFloorPerSecond: steps.floorPerSecond,
    });
    const missed =
      [ours, reactions, edits].some((f) => f.lost || f.duplicated || f.p99Ms > P99_TARGET_MS) ||
      ratio > P99_RATIO_TARGET ||
      sustained < SUSTAINED_TARGET_PER_S;
    if (missed || search.missed || failedSends || failedChanges) process.exitCode = 1;
  } finally {
    await host.stop();
  }
}

if (process.argv.includes("--search")) {
  const search = await searchBench();
  writeResults("chat-search", { search });
  if (search.missed) process.exitCode = 1;
} else {
  await main();
}
