/** Calling any procedure by its path, and watching the whole database while doing it. */
import { TRPCClientError } from "@trpc/client";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { appRouter, type AppRouter } from "../worker/routers";
import type { TestApp } from "./harness";

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

/**
 * Rows per table. Rate-limit counters are left out: counting attempts, including refused ones, is
 * their job.
 */
export async function rowCounts(db: Db) {
  const tables = await db.all<{ name: string }>(
    sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%rate_limit%' AND name NOT LIKE '\\_\\_%' ESCAPE '\\' ORDER BY name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await db.all<{ n: number }>(sql.raw(`SELECT count(*) AS n FROM "${name}"`));
    counts[name] = row!.n;
  }
  return counts;
}
