/**
 * The Node host exactly as `npm start` runs it (`tsx worker/local.ts`: every serving process over
 * one database file), on free ports and a throwaway data folder. Browser tests, concurrency tests
 * and benchmarks all start the app through this one function.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createClient, type Client } from "@libsql/client";
import { freePort } from "./free-port";
import { latestLink as latestLinkIn } from "./outbox";
import { BUSY_TIMEOUT_MS } from "../db/client";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** The tsx that `npm start` runs, without npx in between so one signal reaches the whole host. */
export const TSX = join(ROOT, "node_modules/.bin/tsx");

const READY_LINE = /Crewboard is running at (http:\/\/\S+)/;
const ROOMS_READY_LINE = /Chat rooms are running at/;
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;
/**
 * Outside configuration that would change what the app does (Google, a remote database, a public
 * URL): callers decide these, so they are not inherited from the shell.
 */
const OUTSIDE_CONFIG = [
  "GOOGLE_CLIENT_ID",
  "GOOGLE_CLIENT_SECRET",
  "LIBSQL_URL",
  "LIBSQL_AUTH_TOKEN",
  "APP_URL",
  "PARTY_SECRET",
  "UNSUBSCRIBE_SECRET",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_API_URL",
  "RESEND_API_KEY",
  "RESEND_API_URL",
  "SMTP_URL",
  "MAIL_FROM",
];

export interface HostOptions {
  /** Kept when the host stops, so another start can reuse it as a second `npm start` does. */
  dataDir?: string;
  /** Extra environment, e.g. rate limits or `WEB_CONCURRENCY`. */
  env?: Record<string, string>;
  /** Refuse to start without a built SPA (browser tests need one; API-only callers do not). */
  needsBuild?: boolean;
  /** Start the chat rooms too, as `npm start` does, and wait for them as well. */
  rooms?: boolean;
}

export interface RunningHost {
  /** Origin the SPA and API answer on, e.g. http://127.0.0.1:40123. */
  url: string;
  /** host:port of the chat rooms (started only with `rooms: true`). */
  roomsHost: string;
  dataDir: string;
  /** Everything the host printed so far: attached to failure reports. */
  output(): string;
  /** A separate connection to the host's database (its file, or `LIBSQL_URL`), as another process would open it. */
  openDatabase(): Client;
  /** The verification link in the newest e-mail sent to this address, as a member would click it. */
  latestVerificationLink(email: string): Promise<string>;
  /** The link to this page of the app (`/auth/reset-password`) in the newest e-mail to this address carrying one. */
  latestLink(email: string, path: string): Promise<string>;
  /** Ctrl-C: every process finishes and exits. The data folder goes unless it was given. */
  stop(): Promise<void>;
  /** `kill -9` of every process of the host at once; the data folder stays for a restart. */
  kill(): Promise<void>;
}

export async function startHost(options: HostOptions = {}): Promise<RunningHost> {
  // DIST_DIR (also read by worker/local-server.ts) lets a run use its own build without touching dist/.
  const dist = options.env?.DIST_DIR ?? process.env.DIST_DIR ?? join(ROOT, "dist");
  if (options.needsBuild && !existsSync(join(dist, "index.html"))) {
    throw new Error(`${dist} has no build: run \`npm run build\` first (\`npm run test:e2e\` does).`);
  }
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "crewboard-host-"));
  const removeData = () => {
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const [port, partyPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    PARTY_PORT: String(partyPort),
    DATA_DIR: dataDir,
    START_PARTY: options.rooms ? "1" : "0",
  };
  for (const name of OUTSIDE_CONFIG) delete env[name];
  Object.assign(env, options.env);
  const child = spawn(TSX, ["worker/local.ts"], {
    cwd: ROOT,
    // Its own process group, so a signal reaches tsx, the primary and every serving process.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env,
  });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // Already gone.
    }
  };
  // A run that is interrupted must not leave a host holding the port.
  const onExit = () => signalGroup("SIGKILL");
  process.once("exit", onExit);

  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`host not ready after ${START_TIMEOUT_MS} ms\n${output}`)),
      START_TIMEOUT_MS,
    );
    const watch = () => {
      const ready = READY_LINE.exec(output);
      if (!ready || (options.rooms && !ROOMS_READY_LINE.test(output))) return;
      clearTimeout(timer);
      child.stdout.off("data", watch);
      done(ready[1]!);
    };
    child.stdout.on("data", watch);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`host exited (${signal ?? code}) before it was ready\n${output}`));
    });
  }).catch((error: unknown) => {
    signalGroup("SIGKILL");
    removeData();
    throw error;
  });

  const openDatabase = () =>
    options.env?.LIBSQL_URL
      ? createClient({ url: options.env.LIBSQL_URL, authToken: options.env.LIBSQL_AUTH_TOKEN })
      : // Waits out a write of the host's as the serving processes do (its checkpoint's commit, for one).
        createClient({ url: `file:${join(dataDir, "app.db")}`, timeout: BUSY_TIMEOUT_MS });
  const ended = async (signal: NodeJS.Signals) => {
    signalGroup(signal);
    const timer = setTimeout(() => signalGroup("SIGKILL"), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
    process.off("exit", onExit);
  };

  async function latestLink(email: string, path: string) {
    const db = openDatabase();
    try {
      return await latestLinkIn(db, email, path);
    } finally {
      db.close();
    }
  }

  return {
    url,
    roomsHost: `127.0.0.1:${partyPort}`,
    dataDir,
    output: () => output,
    openDatabase,
    latestVerificationLink: (email) => latestLink(email, "/auth/verify"),
    latestLink,
    async stop() {
      await ended("SIGTERM");
      removeData();
    },
    async kill() {
      await ended("SIGKILL");
    },
  };
}
