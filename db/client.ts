import { createClient, type Client } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import * as schema from "./schema";

export interface DbConfig {
  /** `file:.data/app.db` locally (Node only); `libsql://…` or `https://…` (Turso) at the edge. */
  url: string;
  authToken?: string;
}

/**
 * How long a local connection waits for another process's write lock before giving up with
 * SQLITE_BUSY (then the API answers 503). Writes hold the lock for well under a millisecond, so
 * reaching this means the database is stuck, not busy.
 */
export const BUSY_TIMEOUT_MS = 5_000;

/**
 * Every batch is one transaction that takes the write lock when it begins (`BEGIN IMMEDIATE`).
 * A deferred transaction that reads before it writes holds a snapshot that another process's
 * commit makes stale, and then fails with SQLITE_BUSY_SNAPSHOT at once, whatever the busy
 * timeout; taking the lock first makes it wait its turn instead. Turso runs the same mode.
 */
function writeBatches(client: Client): Client {
  const batch = client.batch.bind(client);
  client.batch = (statements, mode = "write") => batch(statements, mode);
  return client;
}

/** Opens a `file:` database. Only the Node host has one to give (db/local.ts), see `createDb`. */
export type OpenFile = (config: { url: string; timeout: number }) => Client;

/**
 * One factory for both hosts. A remote database (Turso, `libsql://` or `https://`) goes through
 * `@libsql/client`, which under workerd resolves to its HTTP-only build through the package's export
 * conditions. A local file goes through `openFile`, which the Node callers pass in (db/local.ts's
 * `createNodeDb`): the client for it is native code, so it must stay out of the Worker's imports.
 *
 * Multi-statement writes go through `db.batch` (one IMMEDIATE transaction, run without yielding),
 * never `db.transaction`: an interactive transaction keeps its lock across awaits while the local
 * driver's busy wait blocks its whole process, so two of them can stall each other until timeout.
 */
export function createDb(config: DbConfig, openFile?: OpenFile) {
  let client: Client;
  if (config.url.startsWith("file:")) {
    if (!openFile) throw new Error("A file: database is opened on Node, through db/local.ts's createNodeDb");
    client = openFile({ url: config.url, timeout: BUSY_TIMEOUT_MS });
  } else {
    client = createClient({ url: config.url, authToken: config.authToken, timeout: BUSY_TIMEOUT_MS });
  }
  return drizzle(writeBatches(client), { schema });
}

export type Db = ReturnType<typeof createDb>;
