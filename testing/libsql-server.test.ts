import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createDb, type Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { migrateLocal } from "../db/local";
import { users } from "../db/schema";
import { newAccount } from "../worker/auth/accounts";
import { startLibsqlServer, type LibsqlServer } from "./libsql-server";

let server: LibsqlServer;
let db: Db;
beforeAll(async () => {
  server = await startLibsqlServer(join(mkdtempSync(join(tmpdir(), "crewboard-libsql-")), "app.db"));
  db = createDb({ url: server.url, authToken: server.authToken });
  await migrateLocal(db);
});
afterAll(() => server.close());

it("runs the real migrations and the app's batches over HTTP, as Turso does", async () => {
  const account = newAccount(db, { email: "Edge@Example.com", displayName: "Edge" });
  await db.batch(account.statements);
  const [stored] = await db.select().from(users).where(eq(users.id, account.id));
  expect(stored?.email).toBe("edge@example.com");
  expect(server.pipelines()).toBeGreaterThan(0);
});

it("reports a broken unique index the way the app recognises, and rolls the whole batch back", async () => {
  const again = newAccount(db, { email: "edge@example.com", displayName: "Again" });
  const error = await db.batch(again.statements).catch((e: unknown) => e);
  expect(isUniqueViolation(error)).toBe(true);
  expect(await db.$count(users)).toBe(1);
});

it("refuses a client without the auth token", async () => {
  const stranger = createDb({ url: server.url, authToken: "wrong" });
  const error = await stranger
    .select()
    .from(users)
    .catch((e: unknown) => e);
  expect(String((error as Error).cause)).toMatch(/401|Unauthorized/);
});
