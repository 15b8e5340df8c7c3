import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/libsql/migrator";
import type { Db } from "./client";

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Brings a local database file up to the committed migrations (Node only). */
export async function migrateLocal(db: Db) {
  // WAL lets readers carry on while a write commits; the setting is stored in the file.
  await db.run(sql`PRAGMA journal_mode = WAL`);
  await migrate(db, { migrationsFolder });
}
