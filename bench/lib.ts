import { mkdirSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { cpus } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import Database from "libsql";
import type { Db } from "../db/client";
import { PAGE_CACHE_KIB } from "../db/local";
import * as schema from "../db/schema";
import type { Browser } from "playwright-core";
import { testBrowser } from "../testing/browser";
import { ROOT } from "../testing/host";

export { ROOT, startHost, TSX } from "../testing/host";

/** Nearest-rank percentile: with few samples, p99 is simply the slowest one. */
export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Runs `fn` one call at a time and returns each call's duration in milliseconds. */
export async function timeRuns(runs: number, fn: () => Promise<unknown>) {
  const durations: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    durations.push(performance.now() - start);
  }
  return durations;
}

export const fixed = (n: number, digits = 1) => n.toFixed(digits);

/** Prints rows as an aligned table: the first column left-aligned, the figures right-aligned. */
export function printTable(title: string, rows: Record<string, string | number>[]) {
  const columns = Object.keys(rows[0] ?? {});
  const cells = [columns, ...rows.map((row) => columns.map((c) => String(row[c] ?? "")))];
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => line[i]!.length)));
  const format = (line: string[]) =>
    line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  console.log(`\n${title}\n${format(columns)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
  for (const line of cells.slice(1)) console.log(format(line));
}

/** Keeps a run's figures in `.bench/<name>.json`, with the machine they were measured on. */
export function writeResults(name: string, figures: object) {
  const dir = join(ROOT, ".bench");
  mkdirSync(dir, { recursive: true });
  const machine = { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version };
  const file = join(dir, `${name}.json`);
  const record = { name, measuredAt: new Date().toISOString(), machine, ...figures };
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  console.log(`\nFigures written to ${file}`);
}

/**
 * A client as light as a load generator can be: node:http on kept-alive connections, the answer read
 * as text. A browser's fetch costs the member's machine, not the server; on this one machine, CPU and
 * pauses the benchmark's own client spends would be counted as the server's (undici's fetch alone
 * took about a millisecond a request). Each call resolves with the status and the body.
 */
export function leanClient(origin: string, headers: Record<string, string>) {
  const agent = new Agent({ keepAlive: true });
  const send = (path: string, body: string | undefined, retried: boolean) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        `${origin}${path}`,
        {
          method: body === undefined ? "GET" : "POST",
          agent,
          headers: body === undefined ? headers : { ...headers, "Content-Length": Buffer.byteLength(body) },
        },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (text += chunk));
          response.once("end", () => resolve({ status: response.statusCode ?? 0, text }));
          response.once("error", reject);
        },
      );
      req.once("error", (error: NodeJS.ErrnoException) => {
        // A kept-alive connection the server closed as it sat idle (a benchmark's pause between
        // phases): the request never reached it, so it is sent once more on a fresh connection, as
        // Node's documentation advises. The benchmarks' requests are reads and idempotent sends.
        if (req.reusedSocket && error.code === "ECONNRESET" && !retried) resolve(send(path, body, true));
        else reject(error);
      });
      req.end(body);
    });
  return (path: string, body?: string) => send(path, body, false);
}

/**
 * The raw SQL floor of a call of the app's own query code: the statements it sends, captured on a
 * logging connection to the file, then each prepared once on the bare SQLite driver and timed alone
 * (median of `runs`, after a tenth as many untimed), with no HTTP, session, tRPC, ORM or encoding
 * around them. Answers the medians summed, and how many statements the call sent.
 */
export function sqlFloor(file: string, runs: number) {
  let captured: { sql: string; params: unknown[] }[] = [];
  const logger = { logQuery: (sql: string, params: unknown[]) => void captured.push({ sql, params }) };
  const db: Db = drizzle(createClient({ url: `file:${file}` }), { schema, logger });
  return async (call: (db: Db) => Promise<unknown>) => {
    captured = [];
    await call(db);
    const bare = new Database(file, { readonly: true });
    // As the host's connection is set up: the floor is the same statements on the same engine.
    bare.exec(`PRAGMA cache_size = -${PAGE_CACHE_KIB}`);
    try {
      let ms = 0;
      for (const { sql, params } of captured) {
        const statement = bare.prepare(sql);
        const run = () => statement.all(...params);
        for (let j = 0; j < runs / 10; j++) run();
        const durations: number[] = [];
        for (let j = 0; j < runs; j++) {
          const start = performance.now();
          run();
          durations.push(performance.now() - start);
        }
        ms += percentile(durations, 50);
      }
      return { statements: captured.length, ms };
    } finally {
      bare.close();
    }
  };
}

/** Ada and Bob, signed up through the API and friends, and their private chat: two members to time. */
export async function twoFriends(origin: string, tag: string) {
  const [ada, bob] = await crew(origin, tag, ["Ada", "Bob"]);
  const { chatId } = await ada!.api.trpc.chats.openPrivate.mutate({ friendId: bob!.id });
  return { ada: ada!.api, bob: bob!.api, chatId };
}

/** Members signed up under `names`, the first a friend of each of the others. */
export async function crew(origin: string, tag: string, names: string[]) {
  const password = "correct horse battery";
  const email = (name: string) => `bench-${tag}-${name.toLowerCase()}@example.com`;
  const members = [];
  for (const name of names) {
    const api = testBrowser(origin, fetch);
    const me = await api.trpc.auth.signUp.mutate({ displayName: name, email: email(name), password });
    members.push({ api, id: me.id });
  }
  const [first, ...others] = members;
  for (const [i, other] of others.entries()) {
    const { requestId } = await first!.api.trpc.friends.request.mutate({ email: email(names[i + 1]!) });
    await other.api.trpc.friends.accept.mutate({ requestId });
  }
  return members;
}

/**
 * A page of its own (a context of its own: its own cookies) signed in with `cookies`, with
 * `instrument` run in it before the app's code, opened at `path`.
 */
export async function instrumentedPage(
  browser: Browser,
  origin: string,
  cookies: Map<string, string>,
  path: string,
  instrument: () => void,
) {
  const context = await browser.newContext();
  await context.addCookies([...cookies].map(([name, value]) => ({ name, value, url: origin })));
  // tsx keeps function names with a `__name` helper the page does not have: give it one.
  await context.addInitScript({ content: `globalThis.__name ??= (target) => target; (${instrument.toString()})();` });
  const page = await context.newPage();
  await page.goto(`${origin}${path}`);
  return page;
}
