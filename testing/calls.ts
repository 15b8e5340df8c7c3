/** Calling any procedure by its path, and watching the whole database while doing it. */
import { createHash } from "node:crypto";
import { TRPCClientError } from "@trpc/client";
import type { inferRouterInputs } from "@trpc/server";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { appRouter, type AppRouter } from "../worker/routers";
import type { TestApp } from "./harness";

type Inputs = inferRouterInputs<AppRouter>;

/** Every procedure's path ("projects.update"), as a type: a misspelt or missing one does not compile. */
export type ProcedurePath = {
  [Domain in keyof Inputs]: `${Domain}.${Extract<keyof Inputs[Domain], string>}`;
}[keyof Inputs];

/** What the procedure at a path takes, as its callers write it (before zod's transforms). */
export type InputOf<Path extends ProcedurePath> = Path extends `${infer Domain extends keyof Inputs}.${infer Name}`
  ? Inputs[Domain][Name & keyof Inputs[Domain]]
  : never;

type ProcedureType = "query" | "mutation" | "subscription";

/** Every procedure of the app, by path ("projects.update"), read from the router itself. */
export const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: ProcedureType } }>;

export type Browser = ReturnType<TestApp["browser"]>;

/** What the server answered: "ok", or the tRPC error code and HTTP status of the refusal. */
export async function callProcedure(caller: Browser, path: string, input: unknown) {
  const type = procedures[path]!._def.type;
  const client = path
    .split(".")
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller.trpc) as {
    query(input: unknown): Promise<unknown>;
    mutate(input: unknown): Promise<unknown>;
  };
  try {
    await (type === "query" ? client.query(input) : client.mutate(input));
    return { code: "ok" as const, status: 200 };
  } catch (error) {
    // No data: the client failed before the server answered, which is no answer to judge.
    if (!(error instanceof TRPCClientError)) throw error;
    const { data } = error as TRPCClientError<AppRouter>;
    if (!data) throw error;
    return { code: data.code, status: data.httpStatus };
  }
}

/** The tables `tableDigests` reads: every one but SQLite's, the rate limits and the migrations' log. */
const watchedTables = (db: Db) =>
  db.all<{ name: string; virtual: number }>(
    sql`SELECT name, sql LIKE 'CREATE VIRTUAL TABLE%' AS virtual FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%rate_limit%' AND name NOT LIKE '\\_\\_%' ESCAPE '\\' ORDER BY name`,
  );

/** Blobs (the FTS index's pages) by their bytes, which JSON would otherwise write as `{}`. */
const bytes = (_: string, value: unknown) =>
  value instanceof ArrayBuffer ? Buffer.from(value).toString("base64") : (value as unknown);

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A digest of every row of every table, by table, whatever the rows' order: a call that changed
 * any value, even one that then failed, changes it. Rate-limit counters are left out: counting
 * attempts, including refused ones, is their job.
 */
export async function tableDigests(db: Db): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const { name } of await watchedTables(db)) {
    const rows = await db.all<Record<string, unknown>>(sql.raw(`SELECT * FROM ${quoted(name)}`));
    const lines = rows.map((row) => JSON.stringify(row, bytes)).sort();
    digests[name] = createHash("sha256").update(lines.join("\n")).digest("base64url");
  }
  return digests;
}

/**
 * `tableDigests` without reading every row each time, for tests that make thousands of calls: a
 * trigger on every table it reads counts the rows written, in the writing transaction, so a write
 * rolled back is uncounted too. While the count stands still, the last digests still hold and no
 * row is read. The search indexes (virtual tables and their own tables) are left to the tables
 * they index: only those tables' triggers write them, and SQLite's full-text engine crashed the
 * process when a trigger of ours watched its tables.
 */
export function tableWatch(db: Db) {
  if (!watches.has(db)) watches.set(db, startWatching(db));
  return watches.get(db)!;
}

const watches = new WeakMap<Db, Promise<() => Promise<Record<string, string>>>>();

async function startWatching(db: Db) {
  await db.run(sql`CREATE TABLE IF NOT EXISTS __rows_written (n INTEGER NOT NULL)`);
  await db.run(sql`INSERT INTO __rows_written SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM __rows_written)`);
  const tables = await watchedTables(db);
  const indexes = tables.filter((table) => table.virtual).map((table) => `${table.name}_`);
  const rowTables = tables.filter((table) => !table.virtual && !indexes.some((index) => table.name.startsWith(index)));
  for (const { name } of rowTables) {
    for (const event of ["INSERT", "UPDATE", "DELETE"]) {
      await db.run(
        sql.raw(
          `CREATE TRIGGER IF NOT EXISTS ${quoted(`__counts_${event}_${name}`)} AFTER ${event} ON ${quoted(name)} BEGIN UPDATE __rows_written SET n = n + 1; END`,
        ),
      );
    }
  }
  const written = async () => (await db.all<{ n: number }>(sql`SELECT n FROM __rows_written`))[0]!.n;
  let last: { written: number; digests: Record<string, string> } | null = null;
  return async () => {
    const now = await written();
    if (last?.written !== now) last = { written: now, digests: await tableDigests(db) };
    return last.digests;
  };
}
