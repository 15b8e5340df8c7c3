/**
 * Each process's connection keeps at most PAGE_CACHE_KIB of the file's pages in memory: the host's
 * (which migrates) and the serving processes' (which open the file migrated) alike.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { openLocalDb, PAGE_CACHE_KIB } from "./local";

beforeEach(() => vi.stubEnv("LIBSQL_URL", ""));
afterEach(() => vi.unstubAllEnvs());

it("keeps 64 MB of the file's pages in memory on every process's connection, and no more", async () => {
  expect(PAGE_CACHE_KIB).toBe(64 * 1024);
  const dataDir = mkdtempSync(join(tmpdir(), "crewboard-connection-"));
  for (const migrate of [true, false]) {
    const db = await openLocalDb(dataDir, { migrate });
    // A negative size is in KiB, SQLite's bound in bytes rather than in pages.
    expect(await db.all(sql`PRAGMA cache_size`)).toEqual([{ cache_size: -PAGE_CACHE_KIB }]);
  }
});
