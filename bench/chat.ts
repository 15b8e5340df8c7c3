/**
 * A busy chat room through the real send path (procedure → database → room → sockets): one group
 * of 50 members, all connected, 5 of them sending 2,000 messages paced at 200 a second. Prints
 * send-to-receive latency, lost and duplicated deliveries, then the same for 1,000 reactions and
 * 1,000 edits to those messages at the same pace (each a change every socket receives), then the
 * highest unpaced rate that lost nothing; and, in the same run, the floor: a bare `ws` server
 * broadcasting the same paced messages to 50 clients over loopback. Both runs listen with the same
 * bare `ws` clients (ours open the room with a ticket from the API, as the SPA does), so the
 * client's cost is the same on both sides and what differs is the server path.
 */
import { once } from "node:events";
import { WebSocketServer } from "ws";
import WebSocket from "ws";
import { REACTIONS, type Reaction } from "../core/chat-rules";
import { testBrowser } from "../testing/browser";
import { fixed, leanClient, percentile, printTable, startHost, writeResults } from "./lib";

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
const P99_TARGET_MS = 30;
const UNPACED_CONCURRENCY = [5, 20, 50];

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
        const { ticket } = await member.browser.trpc.chats.ticket.mutate({ chatId });
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
        `Targets: lost 0, duplicated 0, p99 ≤ ${P99_TARGET_MS} ms for messages, reactions and edits alike.`,
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
    console.log(`\nHighest sustained rate with nothing lost: ${fixed(sustained, 0)} messages/s.`);
    writeResults("chat", {
      paced: ours,
      reactions,
      edits,
      failedChanges,
      floor: base,
      p99RatioToFloor: ratio,
      failedSends,
      unpaced,
      sustainedPerSecond: sustained,
    });
    const missed = [ours, reactions, edits].some((f) => f.lost || f.duplicated || f.p99Ms > P99_TARGET_MS);
    if (missed || failedSends || failedChanges) process.exitCode = 1;
  } finally {
    await host.stop();
  }
}

await main();
