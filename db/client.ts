import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import * as schema from "./schema";

export interface DbConfig {
  /** `file:.data/app.db` locally; `libsql://…` or `https://…` (Turso) at the edge. */
  url: string;
  authToken?: string;
}

/**
 * One factory for both hosts: under workerd `@libsql/client` resolves to its HTTP-only
 * build through the package's export conditions, under Node to the embedded engine.
 */
export function createDb(config: DbConfig) {
  const client = createClient({ url: config.url, authToken: config.authToken });
  return drizzle(client, { schema });
}

export type Db = ReturnType<typeof createDb>;
