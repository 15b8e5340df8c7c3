/**
 * The app as `npm start` runs it (after `vite build`): `tsx worker/local.ts` serving `dist/`, here on
 * free ports and a throwaway data directory so every test file starts from an empty database.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createClient } from "@libsql/client";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const READY_LINE = /Crewboard is running at (http:\/\/\S+)/;
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;
const VERIFY_LINK = /\S+\/auth\/verify\?token=\S+/;
/**
 * Outside configuration that would change what the pages show (Google, a remote database, a
 * public URL): the tests decide these, so they are not inherited from the shell.
 */
const OUTSIDE_CONFIG = [
  "GOOGLE_CLIENT_ID",
  "GOOGLE_CLIENT_SECRET",
  "LIBSQL_URL",
  "LIBSQL_AUTH_TOKEN",
  "APP_URL",
  "PARTY_SECRET",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_API_URL",
];

export interface RunningApp {
  /** Origin the SPA and API answer on, e.g. http://127.0.0.1:40123. */
  url: string;
  /** Everything the server printed so far: attached to failure artifacts. */
  output(): string;
  /** The verification link in the newest e-mail sent to this address, as a member would click it. */
  latestVerificationLink(email: string): Promise<string>;
  stop(): Promise<void>;
}

/** A port nobody listens on right now; the server binds it a moment later. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? done(address.port) : fail(new Error("no port"))));
    });
  });
}

/**
 * Starts the app on `dataDir` when given (kept when it stops, so another start can reuse it, as a
 * second `npm start` does), else on a throwaway folder removed when it stops. `env` adds outside
 * configuration a test decides (a stand-in's address, say).
 */
export async function startApp(options: { dataDir?: string; env?: NodeJS.ProcessEnv } = {}): Promise<RunningApp> {
  // DIST_DIR (also read by worker/local.ts) lets a run use its own build without touching dist/.
  const dist = process.env.DIST_DIR ?? join(ROOT, "dist");
  if (!existsSync(join(dist, "index.html"))) {
    throw new Error(`${dist} has no build: run \`npm run test:e2e\`, which builds the SPA first.`);
  }
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "crewboard-e2e-"));
  const removeData = () => {
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const [port, partyPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    PARTY_PORT: String(partyPort),
    DATA_DIR: dataDir,
    // The auth pages never open a chat room; the partykit child would only cost start-up time.
    START_PARTY: "0",
    // Every test signs up from 127.0.0.1; the real limits would refuse a whole file's worth.
    RATE_LIMIT_SIGNUP_PER_IP: "10000",
    RATE_LIMIT_SIGNIN_PER_IP: "10000",
  };
  for (const name of OUTSIDE_CONFIG) delete env[name];
  Object.assign(env, options.env);
  const child = spawn(join(ROOT, "node_modules/.bin/tsx"), ["worker/local.ts"], {
    cwd: ROOT,
    // Its own process group, so stopping it also stops the node process tsx starts.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env,
  });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // Already gone.
    }
  };
  // A test run that is interrupted must not leave a server holding the port.
  const onExit = () => killGroup("SIGKILL");
  process.once("exit", onExit);

  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`server not ready after ${START_TIMEOUT_MS} ms\n${output}`)), START_TIMEOUT_MS);
    const watch = () => {
      const ready = READY_LINE.exec(output);
      if (!ready) return;
      clearTimeout(timer);
      child.stdout.off("data", watch);
      done(ready[1]!);
    };
    child.stdout.on("data", watch);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`server exited (${signal ?? code}) before it was ready\n${output}`));
    });
  }).catch((error: unknown) => {
    killGroup("SIGKILL");
    removeData();
    throw error;
  });

  return {
    url,
    output: () => output,
    async latestVerificationLink(email) {
      const db = createClient({ url: `file:${join(dataDir, "app.db")}` });
      try {
        const { rows } = await db.execute({
          sql: `SELECT body FROM outbox WHERE "to" = ? ORDER BY id DESC LIMIT 1`,
          args: [email.toLowerCase()],
        });
        const link = VERIFY_LINK.exec(String(rows[0]?.body ?? ""))?.[0];
        if (!link) throw new Error(`no verification e-mail for ${email} in the outbox`);
        return link;
      } finally {
        db.close();
      }
    },
    async stop() {
      killGroup("SIGTERM");
      const timer = setTimeout(() => killGroup("SIGKILL"), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
      process.off("exit", onExit);
      removeData();
    },
  };
}
