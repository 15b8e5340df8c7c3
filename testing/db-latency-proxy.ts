/**
 * The network between a Worker and Turso, on one machine: an HTTP proxy in front of the libSQL
 * stand-in (testing/libsql-server.ts) that holds every request `delayMs` before passing it on, and
 * a request that writes `commitMs` more, as a primary's commit costs. It also keeps the time of
 * every round trip, so a benchmark can count how many an action made and how many of them waited
 * for one another.
 *
 * A round trip writes when its Hrana pipeline holds a statement that starts with INSERT, UPDATE,
 * DELETE or REPLACE (a batch's step or a lone execute). The app writes only through `db.batch`, one
 * pipeline that BEGINs, writes and COMMITs, so that pipeline is the one that pays the commit; a read
 * batch (BEGIN … SELECT … COMMIT) pays none.
 */
import { once } from "node:events";
import { createServer, request, type IncomingMessage } from "node:http";

/** One round trip as the proxy saw it, in `performance.now()` milliseconds of this process. */
export interface RoundTrip {
  start: number;
  end: number;
  writes: boolean;
}

export interface LatencyProxy {
  /** The URL to give the app as `LIBSQL_URL`. */
  url: string;
  /** Sets the delay of every round trip from now on, and the extra of one that writes. */
  setDelay(delayMs: number, commitMs: number): void;
  /** Round trips that began at or after `since` (everything so far without it). */
  roundTrips(since?: number): RoundTrip[];
  /** Requests to the database still waiting for their answer. */
  inFlight(): number;
  close(): Promise<void>;
}

const WRITE = /^\s*(insert|update|delete|replace)\b/i;

interface Pipeline {
  requests?: { type: string; stmt?: { sql?: string }; batch?: { steps: { stmt: { sql?: string } }[] } }[];
}

function writes(body: string) {
  let pipeline: Pipeline;
  try {
    pipeline = JSON.parse(body) as Pipeline;
  } catch {
    return false;
  }
  const statements = (pipeline.requests ?? []).flatMap((r) => [r.stmt, ...(r.batch?.steps.map((s) => s.stmt) ?? [])]);
  return statements.some((stmt) => WRITE.test(stmt?.sql ?? ""));
}

const read = async (stream: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const sleep = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

export async function startLatencyProxy(target: string): Promise<LatencyProxy> {
  const upstream = new URL(target);
  let delay = { delayMs: 0, commitMs: 0 };
  const trips: RoundTrip[] = [];
  let pending = 0;

  const server = createServer((req, res) => {
    const start = performance.now();
    pending++;
    void (async () => {
      const body = await read(req);
      const writing = writes(body.toString("utf8"));
      await sleep(delay.delayMs + (writing ? delay.commitMs : 0));
      const answer = await new Promise<IncomingMessage>((resolve, reject) => {
        const out = request(
          { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers },
          resolve,
        );
        out.once("error", reject);
        out.end(body);
      });
      const answerBody = await read(answer);
      res.writeHead(answer.statusCode ?? 502, answer.headers).end(answerBody);
      trips.push({ start, end: performance.now(), writes: writing });
    })()
      .catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(502).end(String(error));
      })
      .finally(() => pending--);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };

  return {
    url: `http://127.0.0.1:${port}`,
    setDelay: (delayMs, commitMs) => void (delay = { delayMs, commitMs }),
    roundTrips: (since = 0) => trips.filter((trip) => trip.start >= since),
    inFlight: () => pending,
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}

/**
 * How many of these intervals ran one after another: the longest chain of intervals each of which
 * began after the one before it ended (overlapping ones ran side by side, so they count once). Taking
 * the one that ends first each time gives the longest such chain.
 */
export function sequential(intervals: { start: number; end: number }[]) {
  let count = 0;
  let lastEnd = -Infinity;
  for (const { start, end } of [...intervals].sort((a, b) => a.end - b.end)) {
    if (start < lastEnd) continue;
    count++;
    lastEnd = end;
  }
  return count;
}
