/**
 * A busy chat room through the real send path (procedure → database → room → sockets): one group
 * of 50 members, all connected, 5 of them sending 2,000 messages paced at 200 a second. Prints
 * send-to-receive latency, lost and duplicated deliveries, then the highest unpaced rate that lost
 * nothing; and, in the same run, the floor: a bare `ws` server broadcasting the same paced messages
 * to 50 clients over loopback. Both runs listen with the same bare `ws` clients (ours open the room
 * with a ticket from the API, as the SPA does), so the client's cost is the same on both sides and
 * what differs is the server path.
 */
import { once } from "node:events";
import { WebSocketServer } from "ws";
import WebSocket from "ws";
import { testBrowser } from "../testing/browser";
import { fixed, leanClient, percentile, printTable, startHost, writeResults } from "./lib";

const CLIENTS = 50;
const SENDERS = 5;
const MESSAGES = 2000;
const RATE_PER_S = 200;
/** How long after the last send a delivery still counts (then it is lost). */
const GRACE_MS = 5000;
const UNPACED_MESSAGES = 1000;
const UNPACED_CONCURRENCY = [5, 20, 50];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Delivery bookkeeping shared by the real run and the floor: per client, when each tag arrived. */
function deliveries(clients: number) {
  const received = Array.from({ length: clients }, () => new Map<string, number[]>());
  const sentAt = new Map<string, number>();
  return {
    sent(tag: string) {
      sentAt.set(tag, performance.now());
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

/** A member's sends, in tRPC's wire format, through the benchmark's light client (`leanClient`). */
function sender(origin: string, cookies: Map<string, string>) {
  const post = leanClient(origin, {
    Origin: origin,
    Cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
    "Content-Type": "application/json",
  });
  return async (input: { chatId: string; clientId: string; content: string }) =>
    (await post("/api/trpc/chats.send", JSON.stringify({ json: input }))).status;
}

/** What the benchmark reads of a frame: the room's message events, or the floor's tags. */
interface Frame {
  type: string;
  tag?: string;
  messages?: { clientId: string }[];
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
    const members = [];
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
        });
      }),
    );
    const senders = members.slice(0, SENDERS).map((m) => sender(host.url, m.browser.cookies));
    let failedSends = 0;
    const send = (tag: string, i: number) => {
      book.sent(tag);
      return senders[i % SENDERS]!({ chatId, clientId: tag, content: `message ${i}` }).then(
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
    printTable(`Paced: ${MESSAGES} messages at ${RATE_PER_S}/s from ${SENDERS} senders to ${CLIENTS} sockets`, [
      {
        path: "Crewboard (send → db → room → socket)",
        p50Ms: fixed(ours.p50Ms),
        p99Ms: fixed(ours.p99Ms),
        lost: ours.lost,
        duplicated: ours.duplicated,
      },
      {
        path: "bare ws broadcast (floor)",
        p50Ms: fixed(base.p50Ms),
        p99Ms: fixed(base.p99Ms),
        lost: base.lost,
        duplicated: base.duplicated,
      },
    ]);
    console.log(
      `\nOur p99 is ${fixed(ratio)}× the floor's. Failed sends: ${failedSends}. Targets: lost 0, duplicated 0, p99 ≤ 30 ms.`,
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
      floor: base,
      p99RatioToFloor: ratio,
      failedSends,
      unpaced,
      sustainedPerSecond: sustained,
    });
    if (ours.lost || ours.duplicated || failedSends) process.exitCode = 1;
  } finally {
    await host.stop();
  }
}

await main();
