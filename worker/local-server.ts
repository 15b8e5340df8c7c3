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
import { nodeMailer } from "./mail/node-mailer";
import { guardedOutbound } from "./outbound/guard";
import { nodeTransport } from "./outbound/node-transport";
import { httpRooms } from "./rooms/http-rooms";
import { fsAvatarStore } from "./storage/fs-avatar-store";

const dataDir = localDataDir();
const distDir = resolve(process.env.DIST_DIR ?? "dist");
const config = readConfig(process.env);
// The host (worker/local.ts) migrated the database before starting this process, and checkpoints it.
const db = await openLocalDb(dataDir, { migrate: false, checkpoints: "elsewhere" });
const avatars = fsAvatarStore(resolve(dataDir, "avatars"));
const attachments = fsAvatarStore(resolve(dataDir, "attachments"));
const mailer = nodeMailer(config);
const rooms = httpRooms(`http://127.0.0.1:${process.env.PARTY_PORT}`, config.partySecret);
// A long-lived process: deferred work simply runs on; its failures are its own to report.
const defer = (work: Promise<unknown>) => void work.catch((error) => console.error(error));

const app = createApp((c) => ({
  db,
  config,
  avatars,
  attachments,
  rooms,
  mailer,
  defer,
  outbound: guardedOutbound(nodeTransport()),
  clientIp: getConnInfo(c).remote.address ?? "unknown",
}));
serveSpa(app, distDir);

const server = serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: process.env.HOST });
server.on("error", (error: Error) => {
  console.error(`Cannot serve on ${process.env.HOST}:${process.env.PORT}: ${error.message}`);
  process.exit(1);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
// Ctrl-C reaches every process of the terminal's group; the primary decides when to stop.
process.on("SIGINT", () => {});
