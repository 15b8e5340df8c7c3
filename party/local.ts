/**
 * The chat rooms on this machine: wrangler's dev server running party/index.ts in workerd, as a
 * process of its own (worker/local.ts starts it, tests start and stop it). Offline, bound to
 * 127.0.0.1, room state kept under the given folder. Started through wrangler's API rather than the
 * `wrangler dev` command because the command always opens a devtools inspector port, through which
 * any local user could run code in the rooms and read their secret; for the same reason the secret
 * arrives in the environment (PARTY_SECRET), never on a command line that `ps` shows to everyone.
 *
 * Environment: PARTY_PORT (required), PARTY_PERSIST_DIR (omit to keep state in memory only),
 * PARTY_SECRET (omit and the rooms refuse everything).
 */
import { fileURLToPath } from "node:url";
import { unstable_startWorker } from "wrangler";

const port = Number(process.env.PARTY_PORT);
if (!port) throw new Error("PARTY_PORT is not set");

const worker = await unstable_startWorker({
  config: fileURLToPath(new URL("./wrangler.toml", import.meta.url)),
  // No .env or .dev.vars file is read: the environment below is the whole configuration.
  envFiles: [],
  bindings: process.env.PARTY_SECRET ? { PARTY_SECRET: { type: "secret_text", value: process.env.PARTY_SECRET } } : {},
  sendMetrics: false,
  dev: {
    remote: false,
    inspector: false,
    watch: false,
    persist: process.env.PARTY_PERSIST_DIR || false,
    server: { hostname: "127.0.0.1", port },
    logLevel: "warn",
  },
});
await worker.ready;
console.log(`Chat rooms are running at http://127.0.0.1:${port}`);

const stop = () => void worker.dispose().finally(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
