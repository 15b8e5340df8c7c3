/**
 * The chat rooms on this machine: party/index.ts in workerd, as a process of its own (worker/local.ts
 * starts it, tests start and stop it). Offline, bound to 127.0.0.1, room state kept under the given
 * folder.
 *
 * It runs on Miniflare, the engine under `wrangler dev`, configured from the same wrangler.toml
 * (compatibility date and flags, Durable Object bindings) through wrangler's own API. `wrangler dev`
 * itself puts a proxy Worker in a second workerd in front of the rooms, which relays every socket
 * frame once more: with a room fanning each message out to every open page, that proxy cost as much
 * CPU as the rooms themselves (see bench/chat.ts). Here sockets reach the rooms' Worker directly.
 * Miniflare is the engine's own public API; the one call into wrangler reads wrangler.toml into its
 * options (party/worker-options.ts), for which wrangler (4.86) has no stable counterpart: `unstable_startWorker`, its
 * documented way to run a Worker, would bring back the proxy (testing/edge-host.ts uses it, where
 * the production Worker is the point).
 * No devtools inspector is opened, through which any local user could run code in the rooms and read
 * their secret; for the same reason the secret arrives in the environment (PARTY_SECRET), never on a
 * command line that `ps` shows to everyone.
 *
 * Environment: PARTY_PORT (required), PARTY_PERSIST_DIR (omit to keep state in memory only),
 * PARTY_SECRET (omit and the rooms refuse everything).
 */
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import { workerOptionsOf } from "./worker-options";

const port = Number(process.env.PARTY_PORT);
if (!port) throw new Error("PARTY_PORT is not set");

const config = fileURLToPath(new URL("./wrangler.toml", import.meta.url));
const workerOptions = await workerOptionsOf(config);

const bundle = await build({
  entryPoints: [fileURLToPath(new URL("./index.ts", import.meta.url))],
  bundle: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  conditions: ["workerd", "worker", "browser"],
  mainFields: ["module", "main"],
  external: ["cloudflare:*"],
  write: false,
  logLevel: "warning",
});

const rooms = new Miniflare({
  ...workerOptions,
  modules: [{ type: "ESModule", path: "index.js", contents: bundle.outputFiles[0]!.text }],
  bindings: process.env.PARTY_SECRET ? { PARTY_SECRET: process.env.PARTY_SECRET } : {},
  durableObjectsPersist: process.env.PARTY_PERSIST_DIR || false,
  // Miniflare's own entry (used for nothing here) takes any free loopback port; members' sockets
  // and the API's notices come in on PARTY_PORT, straight to the rooms' Worker.
  host: "127.0.0.1",
  port: 0,
  unsafeDirectSockets: [{ host: "127.0.0.1", port }],
});
await rooms.ready;
console.log(`Chat rooms are running at http://127.0.0.1:${port}`);

const stop = () => void rooms.dispose().finally(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
