/** The database as the Node host, the seed script and the tests open it (Node only). */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/libsql/migrator";
import { createDb, type Db, type DbConfig } from "./client";
import { createNodeClient } from "./node-client";

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Where a local install keeps its database file, avatars and generated secrets. */
export const localDataDir = () => resolve(process.env.DATA_DIR ?? ".data");

/**
 * The database as Node opens it: a `file:` URL through `@libsql/client`'s embedded engine, with one
 * connection per process. The engine runs every statement synchronously, so a second connection
 * would only contend for the lock with the first, and per-connection settings (below) are made once
 * and hold for the process's life.
 */
export const createNodeDb = (config: DbConfig) => createDb(config, createNodeClient);

/**
 * The file's pages SQLite keeps in memory, KiB. Its default, 2 MB, is less than one suggestion list
 * reads at 500K projects, so each request read the same index pages again from the operating
 * system and grew slower with the site (`bench/projects.ts --scale`); 64 MB keeps the indexes that
 * every request walks.
 */
export const PAGE_CACHE_KIB = 65_536;

/** Sets up the process's connection to a local file. */
async function tuneConnection(db: Db) {
  await db.run(sql.raw(`PRAGMA cache_size = -${PAGE_CACHE_KIB}`));
  // WAL lets readers carry on while a write commits; the setting is stored in the file.
  await db.run(sql`PRAGMA journal_mode = WAL`);
  // In WAL mode NORMAL syncs at checkpoints rather than at every commit: a commit is in the
  // operating system's hands when it returns, so it survives the process being killed at any
  // moment (only a power cut may lose the last commits, never corrupt the file). FULL would cap
  // the whole host at one disk flush per write, ~5 ms each here.
  await db.run(sql`PRAGMA synchronous = NORMAL`);
}

/**
 * Who folds the write-ahead log back into the database file. By default SQLite does it inside the
 * commit that takes the log past 1,000 pages ("in-commits"): that commit then copies the pages and
 * flushes the disk, tens of milliseconds here, while its process serves nothing. The host's serving
 * processes leave it ("elsewhere") to the host's primary process, which does it "on-a-timer", off
 * every request's path.
 */
export type Checkpoints = "in-commits" | "elsewhere" | "on-a-timer";

/** How often the host folds the log back: at most a second's writes wait in it. */
export const CHECKPOINT_INTERVAL_MS = 1000;

/**
 * PASSIVE copies what no reader still needs and never waits for a lock, so the serving processes'
 * reads and writes carry on meanwhile; what it leaves, the next round takes.
 *
 * Once every frame is copied, the next commit starts the log over, and starting it over flushes the
 * log's header to disk (SQLite's guard against out-of-order writes): a few milliseconds that would
 * fall on whichever request wrote next, typically a chat message after a quiet second. So the
 * round that copied everything starts the log over itself, with a commit that changes nothing.
 */
function keepCheckpointing(db: Db) {
  const round = async () => {
    const [result] = await db.all<{ busy: number; log: number; checkpointed: number }>(
      sql`PRAGMA wal_checkpoint(PASSIVE)`,
    );
    if (result && result.busy === 0 && result.log > 0 && result.checkpointed === result.log) {
      await db.run(sql`PRAGMA user_version = ${sql.raw(String(await userVersion(db)))}`);
    }
  };
  setInterval(() => {
    round().catch((error: unknown) => {
      console.error("Checkpoint failed:", error instanceof Error ? error.message : error);
    });
  }, CHECKPOINT_INTERVAL_MS).unref();
}

async function userVersion(db: Db) {
  const [row] = await db.all<{ user_version: number }>(sql`PRAGMA user_version`);
  return row?.user_version ?? 0;
}

async function arrangeCheckpoints(db: Db, checkpoints: Checkpoints) {
  if (checkpoints === "elsewhere") await db.run(sql`PRAGMA wal_autocheckpoint = 0`);
  if (checkpoints === "on-a-timer") keepCheckpointing(db);
}

/**
 * Sets up the process's connection and brings the database up to the committed migrations (or
 * those of `folder`: the chat benchmark's database as it stood before one).
 */
export async function migrateLocal(db: Db, folder = migrationsFolder) {
  await tuneConnection(db);
  await migrate(db, { migrationsFolder: folder });
}

/**
 * Opens `LIBSQL_URL`, or the file under the data folder. Only one process migrates: the host
 * before it starts the serving processes, which open the database already migrated.
 */
export async function openLocalDb(
  dataDir: string,
  { migrate, checkpoints = "in-commits" }: { migrate: boolean; checkpoints?: Checkpoints },
) {
  mkdirSync(dataDir, { recursive: true });
  const url = process.env.LIBSQL_URL || `file:${resolve(dataDir, "app.db")}`;
  const db = createNodeDb({ url, authToken: process.env.LIBSQL_AUTH_TOKEN });
  await (migrate ? migrateLocal(db) : tuneConnection(db));
  // Only a file has a log of ours to fold back; a database server keeps its own.
  if (url.startsWith("file:")) await arrangeCheckpoints(db, checkpoints);
  return db;
}
