/**
 * The rooms as `npm start` runs them (party/local.ts: workerd on Miniflare), on a free
 * port, for realtime tests and benchmarks. Stop and start it again to play a rooms restart.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import PartySocket from "partysocket";
import WebSocket from "ws";
import type { RoomKind } from "../party/ticket";
import { freePort } from "./free-port";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const READY = /Chat rooms are running at/;
const START_TIMEOUT_MS = 90_000;

export interface RoomsProcess {
  host: string;
  origin: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** `secret: undefined` starts rooms that were never given one. */
export async function roomsProcess(options: {
  secret: string | undefined;
  persistDir?: string;
}): Promise<RoomsProcess> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  let output = "";
  const { NODE_ENV: _vitest, PARTY_SECRET: _inherited, ...inherited } = process.env;

  async function start() {
    output = "";
    const env: NodeJS.ProcessEnv = {
      ...inherited,
      PARTY_PORT: String(port),
      PARTY_PERSIST_DIR: options.persistDir ?? "",
    };
    if (options.secret !== undefined) env.PARTY_SECRET = options.secret;
    const started = spawn(`${ROOT}node_modules/.bin/tsx`, ["party/local.ts"], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
      // Its own process group: one signal stops tsx, node and the workerd it started.
      detached: true,
    });
    child = started;
    started.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    started.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the rooms did not start:\n${output}`)), START_TIMEOUT_MS);
      const watch = () => {
        if (!READY.test(output)) return;
        clearTimeout(timer);
        resolve();
      };
      started.stdout.on("data", watch);
      started.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`the rooms exited (${code}):\n${output}`));
      });
    });
  }

  async function stop() {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = once(running, "exit");
    try {
      process.kill(-running.pid!, "SIGKILL");
    } catch {
      // Already gone.
    }
    await exited;
  }

  await start();
  return { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}`, start, stop };
}

/** A real partysocket client, as the SPA opens it, that records every event it receives. */
export function roomSocket(
  host: string,
  room: RoomKind,
  name: string,
  ticket: () => Promise<string> | string,
  retry = false,
) {
  const socket = new PartySocket({
    host,
    party: room,
    room: name,
    query: async () => ({ ticket: await ticket() }),
    WebSocket,
    maxRetries: retry ? Infinity : 0,
    minReconnectionDelay: 100,
    maxReconnectionDelay: 500,
  });
  type Event = { type: string; [key: string]: unknown };
  /** What the room sent after its welcome; `welcomes` holds each connection's welcome (a member room's). */
  const events: Event[] = [];
  const welcomes: Event[] = [];
  const closes: number[] = [];
  socket.addEventListener("message", (event) => {
    const parsed = JSON.parse(String(event.data)) as Event;
    (parsed.type === "welcome" ? welcomes : events).push(parsed);
  });
  socket.addEventListener("close", (event) => closes.push(event.code));
  const opened = new Promise<void>((resolve) => socket.addEventListener("open", () => resolve(), { once: true }));
  return { socket, events, welcomes, closes, opened };
}

/** Status of a bare WebSocket upgrade: 101 when accepted, else the HTTP status of the refusal. */
export function upgradeStatus(host: string, room: RoomKind, name: string, ticket: string | null) {
  const query = ticket === null ? "" : `?ticket=${encodeURIComponent(ticket)}`;
  return new Promise<number>((resolve) => {
    const ws = new WebSocket(`ws://${host}/parties/${room}/${encodeURIComponent(name)}${query}`);
    ws.on("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0));
    ws.on("open", () => {
      ws.close();
      resolve(101);
    });
    ws.on("error", () => resolve(0));
  });
}

/** Retries `check` until it passes or the time is up; then its last failure is the test's. */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
