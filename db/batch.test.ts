import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { namedBatch } from "./batch";
import { createNodeDb } from "./local";

it("answers each step by its name, in the order the names are written, in one transaction", async () => {
  const db = createNodeDb({ url: `file:${join(mkdtempSync(join(tmpdir(), "crewboard-test-")), "app.db")}` });
  await db.run(sql`CREATE TABLE words (word TEXT PRIMARY KEY)`);
  const add = (word: string) =>
    db.all<{ word: string }>(sql`INSERT INTO words VALUES (${word}) ON CONFLICT DO NOTHING RETURNING word`);
  const results = await namedBatch(db, {
    first: add("one"),
    pair: [add("two"), add("one")],
    named: { again: add("two"), three: add("three") },
    // Reads `changes()` of the statement written just before it.
    changed: db.all<{ changed: number }>(sql`SELECT changes() AS changed`),
  });
  expect(results).toEqual({
    first: [{ word: "one" }],
    pair: [[{ word: "two" }], []],
    named: { again: [], three: [{ word: "three" }] },
    changed: [{ changed: 1 }],
  });
  await expect(
    namedBatch(db, { kept: add("four"), failed: db.run(sql`INSERT INTO nowhere VALUES (1)`) }),
  ).rejects.toThrow();
  expect(await db.all(sql`SELECT word FROM words ORDER BY word`)).toEqual([
    { word: "one" },
    { word: "three" },
    { word: "two" },
  ]);
});
