/**
 * Many members at once against the real multi-process host: each member is a browser with its
 * own cookie jar talking HTTP to the host, and every answer is recorded so a test can count them.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { TRPCClientError } from "@trpc/client";
import type { AppRouter } from "../routers";
import { afterAll, beforeAll, expect } from "vitest";
import { testBrowser } from "@testing/browser";
import type { Friendly } from "@testing/friends";
import { TEST_PASSWORD_HASH_LOG2_N } from "@testing/password-cost";
import { ROOT, startHost, type HostOptions, type RunningHost } from "@testing/host";
import { startLibsqlServer, type LibsqlServer } from "@testing/libsql-server";
import { roomsProcess, type RoomsProcess } from "@testing/rooms-process";

/** Serving processes: more than the cores, so writers really do overlap. */
export const SERVING_PROCESSES = 4;

export async function startCrowdHost(options: HostOptions = {}) {
  return startHost({
    ...options,
    env: {
      WEB_CONCURRENCY: String(SERVING_PROCESSES),
      // Everyone here signs up and in from 127.0.0.1; the limits have tests of their own.
      RATE_LIMIT_SIGNUP_PER_IP: "100000",
      RATE_LIMIT_SIGNIN_PER_IP: "100000",
      RATE_LIMIT_SIGNIN_PER_EMAIL: "100000",
      PASSWORD_HASH_LOG2_N: TEST_PASSWORD_HASH_LOG2_N,
      ...options.env,
    },
  });
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

/** A call's answer as data: a refusal is an outcome to count, not an exception. */
export async function outcome<T>(call: Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await call };
  } catch (error) {
    if (!(error instanceof TRPCClientError)) throw error;
    const { data } = error as TRPCClientError<AppRouter>;
    return { ok: false, status: data?.httpStatus ?? 0, message: error.message };
  }
}

/** No answer was a server error: every refusal is one a member could read and act on. */
export function expectNoServerErrors(outcomes: Outcome<unknown>[]) {
  const serverErrors = outcomes.filter((o) => !o.ok && o.status >= 500);
  expect(serverErrors).toEqual([]);
}

export const PASSWORD = "correct horse battery";

export function newBrowser(host: RunningHost) {
  // A fresh connection per request spreads the calls over every serving process.
  return testBrowser(host.url, (url, init) => fetch(url, { ...init, headers: withClose(init.headers) }));
}

function withClose(headers: HeadersInit | undefined) {
  const h = new Headers(headers);
  h.set("Connection", "close");
  return h;
}

let counter = 0;
export const uniqueEmail = (prefix: string) => `${prefix}-${process.pid}-${++counter}@example.com`;

/** Signs up `n` members at the same moment; every one must succeed. */
export async function signUpMany(host: RunningHost, n: number, prefix = "member") {
  const members = Array.from({ length: n }, (_, i) => ({
    browser: newBrowser(host),
    email: uniqueEmail(prefix),
    displayName: `Member ${i + 1}`,
  }));
  const outcomes = await Promise.all(
    members.map((m) =>
      outcome(m.browser.trpc.auth.signUp.mutate({ displayName: m.displayName, email: m.email, password: PASSWORD })),
    ),
  );
  expectNoServerErrors(outcomes);
  expect(outcomes.filter((o) => !o.ok)).toEqual([]);
  return members.map((m, i) => ({ ...m, id: (outcomes[i] as { ok: true; value: { id: string } }).value.id }));
}

/** The databases the app runs on: the embedded file `npm start` uses, and a libSQL server over HTTP as Turso is at the edge. */
export const DATABASES = [
  { name: "one database file", server: false },
  { name: "a libSQL server over HTTP, as at the edge", server: true },
];

/**
 * For a `describe` over one of `DATABASES` (or a whole file): a crowd host on it, started before
 * the tests and stopped after them. Read the host inside tests, once `beforeAll` has started it.
 */
export function crowdHostOver({ server }: { server: boolean }) {
  let host: RunningHost;
  let libsql: LibsqlServer | undefined;
  beforeAll(async () => {
    if (server) libsql = await startLibsqlServer(join(mkdtempSync(join(tmpdir(), "crewboard-libsql-")), "app.db"));
    host = await startCrowdHost(libsql && { env: { LIBSQL_URL: libsql.url, LIBSQL_AUTH_TOKEN: libsql.authToken } });
  });
  afterAll(async () => {
    await host?.stop();
    await libsql?.close();
  });
  return () => host;
}

/**
 * For a whole file: the rooms in workerd, run apart from a crowd host that reaches them so a test
 * can stop and start them at will. Read both inside tests, once `beforeAll` has started them.
 */
export function crowdHostWithRooms(secret: string) {
  const live = {} as { host: RunningHost; rooms: RoomsProcess };
  beforeAll(async () => {
    live.rooms = await roomsProcess({ secret });
    live.host = await startCrowdHost({
      env: { PARTY_SECRET: secret, PARTY_PORT: live.rooms.host.split(":")[1]!, START_PARTY: "0" },
    });
  });
  afterAll(async () => {
    await live.host?.stop();
    await live.rooms?.stop();
  });
  return live;
}

/** A crowd host (`crowdHostOver`) with `count` members signed up. Each test takes members nobody has used yet. */
export function crowdOver(database: { server: boolean }, count: number, prefix: string) {
  const host = crowdHostOver(database);
  let members: Awaited<ReturnType<typeof signUpMany>> = [];
  let used = 0;
  beforeAll(async () => {
    members = await signUpMany(host(), count, prefix);
  });
  return {
    host,
    /** The next `n` pairs of members nobody has used yet. */
    freshPairs(n: number) {
      const pairs = Array.from({ length: n }, (_, i) => [members[used + 2 * i]!, members[used + 2 * i + 1]!] as const);
      used += n * 2;
      return pairs;
    },
    /** The next member nobody has used yet. */
    freshMember: () => members[used++]!,
    /** The next `n` members nobody has used yet. */
    freshMembers: (n: number) => members.slice(used, (used += n)),
  };
}

/** A crowd member as the shared test helpers take one (`befriend`, testing/friends.ts). */
export const asTestMember = (m: { browser: { trpc: Friendly["trpc"] }; id: string }): Friendly => ({
  trpc: m.browser.trpc,
  me: { id: m.id },
});

/** Rows in a table, read through a connection of the test's own, as another process sees them. */
export async function countRows(host: RunningHost, table: string, where = "1", args: (string | number)[] = []) {
  const db = host.openDatabase();
  try {
    const { rows } = await db.execute({ sql: `SELECT count(*) AS n FROM ${table} WHERE ${where}`, args });
    return Number(rows[0]!.n);
  } finally {
    db.close();
  }
}

/** What a jobs process did before it stopped. */
export interface JobsTotals {
  runs: number;
  digests: number;
  emails: number;
}

/**
 * Another process running the scheduled job over the host's database (jobs-process.ts), with the
 * host's own secrets and `env` (the mail transport), next to the host's primary that runs it too.
 */
export async function startJobsProcess(host: RunningHost, env: Record<string, string>) {
  const secrets = JSON.parse(readFileSync(join(host.dataDir, "secrets.json"), "utf8")) as Record<string, string>;
  // Node itself with tsx's loader, not the tsx CLI: `stop()`'s SIGTERM must reach the process whose
  // loop finishes its run and prints its totals, not a wrapper in front of it.
  const child = spawn(
    process.execPath,
    ["--import", "tsx", fileURLToPath(new URL("./jobs-process.ts", import.meta.url))],
    {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "inherit"],
      env: {
        ...process.env,
        DATA_DIR: host.dataDir,
        APP_URL: host.url,
        PARTY_SECRET: secrets.partySecret!,
        UNSUBSCRIBE_SECRET: secrets.unsubscribeSecret!,
        ...env,
      },
    },
  );
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  // 'close', not 'exit': a process's last words can still be in the pipe when it has exited.
  const exited = once(child, "close");
  await new Promise<void>((ready, fail) => {
    const watch = () => output.includes("jobs process ready") && (child.stdout.off("data", watch), ready());
    child.stdout.on("data", watch);
    void exited.then(() => fail(new Error(`the jobs process stopped before it was ready\n${output}`)));
  });
  return {
    /** Asks it to finish the run it is in and stop; resolves with what it did. */
    async stop(): Promise<JobsTotals> {
      child.kill("SIGTERM");
      await exited;
      const done = /jobs process done (\{.*\})/.exec(output);
      if (!done) throw new Error(`the jobs process said nothing of what it did\n${output}`);
      return JSON.parse(done[1]!) as JobsTotals;
    },
  };
}
