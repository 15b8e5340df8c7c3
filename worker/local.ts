/**
 * The Node host: the same Hono app the Worker runs, on an embedded libSQL file, serving the
 * built SPA, with `partykit dev` as a child process. The only module that touches the disk.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { serve } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { localDataDir, openLocalDb } from "../db/local";
import { createApp } from "./app";
import { readConfig } from "./config";
import { fsAvatarStore } from "./storage/fs-avatar-store";

const HOST = "127.0.0.1";
const port = Number(process.env.PORT ?? 8787);
const partyPort = Number(process.env.PARTY_PORT ?? 1999);
const dataDir = localDataDir();
const distDir = resolve(process.env.DIST_DIR ?? "dist");

/** Secrets a local install needs, made once and kept beside its database. */
function localSecrets(): { partySecret: string } {
  const file = resolve(dataDir, "secrets.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8"));
  const secrets = { partySecret: randomBytes(32).toString("base64url") };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

mkdirSync(dataDir, { recursive: true });
const partySecret = process.env.PARTY_SECRET || localSecrets().partySecret;
const config = readConfig({
  ...process.env,
  PARTY_SECRET: partySecret,
  PARTY_HOST: process.env.PARTY_HOST || `${HOST}:${partyPort}`,
});
const db = await openLocalDb(dataDir);
const avatars = fsAvatarStore(resolve(dataDir, "avatars"));

const app = createApp((c) => ({
  db,
  config,
  avatars,
  clientIp: getConnInfo(c).remote.address ?? "unknown",
}));
app.use(
  "/assets/*",
  serveStatic({
    root: distDir,
    onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
  }),
);
app.use("*", serveStatic({ root: distDir }));
// Every other path is a client route: the SPA decides, including its own 404 page.
app.get("*", serveStatic({ root: distDir, path: "index.html" }));

let party: ChildProcess | undefined;
if (process.env.START_PARTY !== "0") {
  party = spawn(
    resolve("node_modules/.bin/partykit"),
    [
      "dev",
      "--port",
      String(partyPort),
      "--persist",
      resolve(dataDir, "party"),
      "--disable-request-cf-fetch",
      "--no-hotkeys",
      "--var",
      `PARTY_SECRET=${partySecret}`,
    ],
    { stdio: ["ignore", "inherit", "inherit"], detached: false },
  );
  party.on("exit", (code, signal) => {
    if (!stopping) console.error(`partykit dev stopped (${signal ?? code})`);
  });
}

const server = serve({ fetch: app.fetch, port, hostname: HOST }, (info) => {
  console.log(`Crewboard is running at http://${HOST}:${info.port}`);
});

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  party?.kill("SIGTERM");
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
