/**
 * The host's serving processes never fold the write-ahead log back inside a commit (a commit that
 * does waits for the copy and a disk flush); the host's primary process does it on its timer.
 */
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { openLocalDb } from "./local";

/** Past SQLite's own threshold (1,000 pages) with room to spare: each row fills a 4 KiB page. */
const ROWS = 1500;
const PAGE_BYTES = 4096;

let dataDir: string;
beforeEach(() => {
  vi.stubEnv("LIBSQL_URL", "");
  dataDir = mkdtempSync(join(tmpdir(), "crewboard-checkpoints-"));
});
afterEach(() => vi.unstubAllEnvs());

const fileBytes = (name: string) => statSync(join(dataDir, name)).size;

async function writeRowsOneCommitEach(checkpoints: "in-commits" | "elsewhere") {
  const db = await openLocalDb(dataDir, { migrate: true, checkpoints });
  await db.run(sql`CREATE TABLE filler (bytes BLOB)`);
  for (let i = 0; i < ROWS; i++) await db.run(sql`INSERT INTO filler VALUES (randomblob(${PAGE_BYTES - 100}))`);
}

it("leaves the log whole when the host checkpoints, as SQLite's own threshold would not", async () => {
  await writeRowsOneCommitEach("elsewhere");
  expect(fileBytes("app.db-wal")).toBeGreaterThan(ROWS * PAGE_BYTES);
  expect(fileBytes("app.db")).toBeLessThan(ROWS * PAGE_BYTES);
});

it("folds the serving processes' writes into the file on the host's timer", async () => {
  await writeRowsOneCommitEach("elsewhere");
  await openLocalDb(dataDir, { migrate: false, checkpoints: "on-a-timer" });
  await vi.waitFor(() => expect(fileBytes("app.db")).toBeGreaterThan(ROWS * PAGE_BYTES), { timeout: 5000 });
});

it("checkpoints inside commits by default, so the log never grows past the threshold", async () => {
  await writeRowsOneCommitEach("in-commits");
  expect(fileBytes("app.db-wal")).toBeLessThan(ROWS * PAGE_BYTES);
});

it("starts the log over on the host's timer, so the next request's commit does not flush its header", async () => {
  const serving = await openLocalDb(dataDir, { migrate: true, checkpoints: "elsewhere" });
  await serving.run(sql`CREATE TABLE filler (bytes BLOB)`);
  for (let i = 0; i < 50; i++) await serving.run(sql`INSERT INTO filler VALUES (randomblob(3000))`);
  await openLocalDb(dataDir, { migrate: false, checkpoints: "on-a-timer" });
  // Frames in the log: every insert's until it is started over, then the host's one empty commit.
  const logFrames = async () => (await serving.all<{ log: number }>(sql`PRAGMA wal_checkpoint(PASSIVE)`))[0]!.log;
  await vi.waitFor(async () => expect(await logFrames()).toBeLessThanOrEqual(1), { timeout: 5000 });
});
