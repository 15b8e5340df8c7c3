/**
 * One serving process of the Node host (worker/local.ts starts one per core): the same Hono app
 * the Worker runs, over the embedded libSQL file, also serving the built SPA.
 */
import { resolve } from "node:path";
import { serve } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { localDataDir, openLocalDb } from "../db/local";
import { createApp } from "./app";
import { readConfig } from "./config";
import { serveSpa } from "./http/spa";
import { fsAvatarStore } from "./storage/fs-avatar-store";

const dataDir = localDataDir();
const distDir = resolve(process.env.DIST_DIR ?? "dist");
const config = readConfig(process.env);
const db = await openLocalDb(dataDir);
const avatars = fsAvatarStore(resolve(dataDir, "avatars"));

const app = createApp((c) => ({
  db,
  config,
  avatars,
  clientIp: getConnInfo(c).remote.address ?? "unknown",
}));
serveSpa(app, distDir);

const server = serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: process.env.HOST });
server.on("error", (error) => {
  console.error(`Cannot serve on ${process.env.HOST}:${process.env.PORT}: ${error.message}`);
  process.exit(1);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
// Ctrl-C reaches every process of the terminal's group; the primary decides when to stop.
process.on("SIGINT", () => {});
