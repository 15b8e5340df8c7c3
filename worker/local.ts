/**
 * The Node host: migrates the embedded libSQL file, starts one serving process per core
 * (worker/local-server.ts: the same Hono app the Worker runs) and the chat rooms in workerd
 * (party/local.ts), runs the scheduled jobs (worker/jobs/scheduled.ts) on a timer, and stops them
 * all on Ctrl-C or SIGTERM. With the database, the only code that touches the disk.
 */
import { spawn, type ChildProcess } from "node:child_process";
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { localDataDir, openLocalDb } from "../db/local";
import { readConfig, type Config } from "./config";
import { JOBS_INTERVAL_MS, runScheduledJobs } from "./jobs/scheduled";
import { fsAvatarStore } from "./storage/fs-avatar-store";
import { nodeMailer } from "./mail/node-mailer";
import { guardedOutbound } from "./outbound/guard";
import { nodeTransport } from "./outbound/node-transport";
import { generateVapidKeys } from "./push/vapid";
import { httpRooms } from "./rooms/http-rooms";
import { bundleServingProcess } from "./serving-bundle";

const HOST = "127.0.0.1";
const port = Number(process.env.PORT ?? 8787);
const partyPort = Number(process.env.PARTY_PORT ?? 1999);
const processes = Number(process.env.WEB_CONCURRENCY) || availableParallelism();
const dataDir = localDataDir();

interface LocalSecrets {
  partySecret: string;
  unsubscribeSecret: string;
  vapidPublicKey: string;
  vapidPrivateKey: string;
}

/**
 * Secrets a local install needs, made once and kept beside its database. One that a later version
 * needs and the file lacks is made and added, keeping the others.
 */
async function localSecrets(): Promise<LocalSecrets> {
  const file = resolve(dataDir, "secrets.json");
  const kept = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Partial<LocalSecrets>) : {};
  const made = () => randomBytes(32).toString("base64url");
  const vapid =
    kept.vapidPublicKey && kept.vapidPrivateKey
      ? { publicKey: kept.vapidPublicKey, privateKey: kept.vapidPrivateKey }
      : await generateVapidKeys();
  const secrets: LocalSecrets = {
    partySecret: kept.partySecret ?? made(),
    unsubscribeSecret: kept.unsubscribeSecret ?? made(),
    vapidPublicKey: vapid.publicKey,
    vapidPrivateKey: vapid.privateKey,
  };
  if (Object.keys(secrets).some((name) => !(name in kept))) {
    writeFileSync(file, JSON.stringify({ ...kept, ...secrets }, null, 2), { mode: 0o600 });
    // The mode above applies to a new file only; one kept from before holds secrets too.
    chmodSync(file, 0o600);
  }
  return secrets;
}

// Migrations run once, here, before any serving process opens the database; and this process,
// idle otherwise, keeps folding the serving processes' writes into the file.
const db = await openLocalDb(dataDir, { migrate: true, checkpoints: "on-a-timer" });
const secrets = await localSecrets();
const partySecret = process.env.PARTY_SECRET || secrets.partySecret;
const env = {
  HOST,
  PORT: String(port),
  PARTY_PORT: String(partyPort),
  PARTY_SECRET: partySecret,
  UNSUBSCRIBE_SECRET: process.env.UNSUBSCRIBE_SECRET || secrets.unsubscribeSecret,
  PARTY_HOST: process.env.PARTY_HOST || `${HOST}:${partyPort}`,
  // Keys from the environment come as a pair or not at all (readConfig says which is missing).
  ...(!process.env.VAPID_PUBLIC_KEY &&
    !process.env.VAPID_PRIVATE_KEY && {
      VAPID_PUBLIC_KEY: secrets.vapidPublicKey,
      VAPID_PRIVATE_KEY: secrets.vapidPrivateKey,
    }),
};

let config: Config;
try {
  // Each serving process reads the same; a configuration it would refuse stops everything here.
  config = readConfig({ ...process.env, ...env });
} catch (error) {
  console.error(`Cannot start: ${(error as Error).message}`);
  process.exit(1);
}

/**
 * The scheduled jobs, as Cron Triggers run them at the edge: here, once at start (what a stop left
 * due) and then on a timer, in this process alone. A run still going (a provider slow to answer)
 * is not joined by the next.
 */
function runJobsOnATimer() {
  const mailer = nodeMailer(config);
  // Pushes go to members with no page open: the rooms say who has one.
  const push = {
    rooms: httpRooms(`http://${HOST}:${partyPort}`, partySecret),
    vapid: config.push,
    outbound: guardedOutbound(nodeTransport()),
    operatorHosts: config.pushEndpointHosts,
  };
  const attachments = fsAvatarStore(resolve(dataDir, "attachments"));
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    runScheduledJobs(db, mailer, config, Date.now(), push, attachments)
      .catch((error: unknown) => console.error("The scheduled jobs failed:", error))
      .finally(() => (running = false));
  };
  run();
  setInterval(run, Number(process.env.JOBS_INTERVAL_MS) || JOBS_INTERVAL_MS).unref();
}
runJobsOnATimer();

let stopping = false;
let rooms: ChildProcess | undefined;
/** A rooms process that dies is started again: pages reconnect and fetch what they missed. */
const ROOMS_RESTART_DELAY_MS = 1000;

function startRooms() {
  // The secret goes through the environment: a command line is readable by every local user.
  rooms = spawn(resolve("node_modules/.bin/tsx"), [resolve("party/local.ts")], {
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      PARTY_PORT: String(partyPort),
      PARTY_SECRET: partySecret,
      PARTY_PERSIST_DIR: resolve(dataDir, "rooms"),
    },
  });
  rooms.on("exit", (code, signal) => {
    if (stopping) return;
    console.error(`The chat rooms stopped (${signal ?? code}); starting them again.`);
    setTimeout(() => !stopping && startRooms(), ROOMS_RESTART_DELAY_MS);
  });
}
if (process.env.START_PARTY !== "0") startRooms();

// Plain Node on one bundled file, not tsx: the processes start in a second rather than several.
cluster.setupPrimary({ exec: await bundleServingProcess(), execArgv: ["--enable-source-maps"] });
let listening = 0;
cluster.on("listening", () => {
  if (++listening === processes) console.log(`Crewboard is running at http://${HOST}:${port}`);
});
cluster.on("exit", (_worker, code, signal) => {
  if (stopping) return;
  // One that never came up (a port in use, a broken database) would only fail again.
  if (listening < processes) {
    console.error(`A server process failed to start (${signal ?? code}).`);
    stop(1);
    return;
  }
  console.error(`A server process stopped (${signal ?? code}); starting another.`);
  cluster.fork(env);
});
for (let i = 0; i < processes; i++) cluster.fork(env);

function stop(exitCode = 0) {
  if (stopping) return;
  stopping = true;
  rooms?.kill("SIGTERM");
  for (const worker of Object.values(cluster.workers ?? {})) worker?.kill("SIGTERM");
  const exit = () => process.exit(exitCode);
  cluster.on("exit", () => Object.keys(cluster.workers ?? {}).length === 0 && exit());
  setTimeout(exit, 3000).unref();
}
process.on("SIGINT", () => stop());
process.on("SIGTERM", () => stop());
