/**
 * `rowMapper` must read a row exactly as drizzle's `.all()` does: the same selections run both
 * ways over rows that use every kind of cell the app stores (null, text, JSON lists, integers,
 * booleans, times in milliseconds, SQL expressions with and without a decoder).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { expect, it } from "vitest";
import { cardColumns } from "../worker/projects/listing";
import { createNodeDb, migrateLocal } from "./local";
import { rowMapper } from "./row-mapper";
import { profiles, projects, users } from "./schema";

async function seededDb() {
  const db = createNodeDb({ url: `file:${join(mkdtempSync(join(tmpdir(), "crewboard-test-")), "app.db")}` });
  await migrateLocal(db);
  await db.insert(users).values([
    { id: "u1", email: "ada@example.com", emailVerifiedAt: new Date(1_700_000_000_123) },
    { id: "u2", email: "bob@example.com" },
  ]);
  await db.insert(profiles).values([
    { id: "u1", email: "ada@example.com", displayName: "Ada", age: 36, skills: ["Rust", "Go"] },
    { id: "u2", email: "bob@example.com", subscriptionStatus: "lifetime", subscriptionExpiresAt: new Date(0) },
  ]);
  await db.insert(projects).values([
    {
      id: "p1",
      userId: "u1",
      title: "Engine",
      description: "x".repeat(500),
      category: "Other",
      techStack: ["TypeScript", "SQLite"],
      completedFeatures: ["a", "b"],
      githubUrl: "https://github.com/ada/engine",
      createdAt: new Date(1_700_000_000_001),
    },
    { id: "p2", userId: "u2", title: "Loom", category: "Web Development", status: "completed", members: 4 },
  ]);
  return db;
}

async function bothWays(
  fields: Record<string, SQLiteColumn | SQL | SQL.Aliased>,
  from: typeof users | typeof profiles | typeof projects,
) {
  const db = await seededDb();
  const query = db
    .select(fields)
    .from(from)
    .orderBy(sql`rowid`)
    .prepare();
  return { drizzle: await query.all(), mapped: rowMapper(fields)(await query.values()) };
}

it("reads every column of every table kind as drizzle's .all() does", async () => {
  for (const table of [users, profiles, projects]) {
    const { drizzle, mapped } = await bothWays(getTableColumns(table), table);
    expect(drizzle.length).toBe(2);
    expect(mapped).toStrictEqual(drizzle);
  }
});

it("reads a project card, SQL expressions and their decoders included, as drizzle's .all() does", async () => {
  const { drizzle, mapped } = await bothWays(
    { ...cardColumns, raw: sql`length(${projects.title})`, shout: sql`upper(${projects.title})`.as("shout") },
    projects,
  );
  expect(mapped).toStrictEqual(drizzle);
  expect(mapped[0]).toMatchObject({ completedFeatureCount: 2, techStack: ["TypeScript", "SQLite"], raw: 6 });
});
