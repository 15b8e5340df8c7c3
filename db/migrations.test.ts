/**
 * Migrations that rebuild tables must keep every row. Each case applies the migrations before
 * one, writes rows the way the app did then, applies the rest and reads the rows back.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/libsql/migrator";
import { expect, it } from "vitest";
import { createNodeDb } from "./local";

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** A copy of the migrations folder whose journal stops before the migration named `name` (any number). */
function migrationsBefore(name: string) {
  const dir = mkdtempSync(join(tmpdir(), "crewboard-migrations-"));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith(`_${name}`));
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}

it("keeps every chat, participant, message and payment when history stops cascading from members", async () => {
  const db = createNodeDb({ url: `file:${join(mkdtempSync(join(tmpdir(), "crewboard-test-")), "app.db")}` });
  await migrate(db, { migrationsFolder: migrationsBefore("history_outlives_members") });
  await db.batch([
    db.run(sql`INSERT INTO users (id, email) VALUES ('ada', 'ada@example.com'), ('bob', 'bob@example.com')`),
    db.run(sql`INSERT INTO chats (id, title, is_group, created_by, last_seq) VALUES ('g', 'Crew', 1, 'ada', 2)`),
    db.run(
      sql`INSERT INTO chat_participants (chat_id, user_id, role) VALUES ('g', 'ada', 'admin'), ('g', 'bob', 'member')`,
    ),
    db.run(sql`INSERT INTO messages (chat_id, sender_id, seq, client_id, content) VALUES
      ('g', 'ada', 1, 'c1', 'hello'), ('g', 'bob', 2, 'c2', 'hi')`),
    db.run(sql`INSERT INTO payments (id, user_id, stripe_session_id, amount, currency, status)
      VALUES ('p', 'ada', 'cs_1', 999, 'usd', 'paid')`),
  ]);
  const tables = ["chats", "chat_participants", "messages", "payments"];
  const snapshot = async () => {
    const rows: Record<string, Record<string, unknown>[]> = {};
    for (const table of tables) rows[table] = await db.all(sql.raw(`SELECT * FROM ${table} ORDER BY 1, 2`));
    return rows;
  };
  const before = await snapshot();

  await migrate(db, { migrationsFolder });
  // Later migrations may add columns; every value that was there stays.
  expect(await snapshot()).toMatchObject(before);
  expect(await db.all(sql`PRAGMA foreign_key_check`)).toEqual([]);

  // And now deleting a member leaves the group and its history whole, and the payment unlinked.
  await db.run(sql`DELETE FROM users WHERE id = 'ada'`);
  const after = await snapshot();
  expect(after.chats).toMatchObject(before.chats!);
  expect(after.chat_participants).toMatchObject(before.chat_participants!);
  expect(after.messages).toMatchObject(before.messages!);
  expect(after.payments).toMatchObject([{ id: "p", user_id: null }]);
});

it("finds the projects and members written before search had an index of its own, and counts their words", async () => {
  const db = createNodeDb({ url: `file:${join(mkdtempSync(join(tmpdir(), "crewboard-test-")), "app.db")}` });
  await migrate(db, { migrationsFolder: migrationsBefore("search_postings") });
  await db.batch([
    db.run(sql`INSERT INTO users (id, email) VALUES ('ada', 'ada@example.com'), ('bob', 'bob@example.com')`),
    db.run(sql`INSERT INTO profiles (id, email, display_name, skills, region, open_to_join) VALUES
      ('ada', 'ada@example.com', 'Ada Lovelace', '["Rust", "Analytical engines"]', 'Germany', 1),
      ('bob', 'bob@example.com', 'Bob Über', '["Go"]', 'Germany', 0)`),
    db.run(sql`INSERT INTO projects (id, user_id, title, category, description, tech_stack) VALUES
      ('p1', 'ada', 'Quokka tracker', 'IoT', 'Counts the quokkas', '["Rust"]'),
      ('p2', 'bob', 'Café finder', 'Other', '', '["Go", "Rust"]')`),
  ]);

  await migrate(db, { migrationsFolder });
  const projectsHolding = async (word: string) =>
    (
      await db.all<{ id: string }>(sql`SELECT p.id FROM project_postings x JOIN projects p ON p.rowid = x.doc
        WHERE x.word = ${word} ORDER BY x.doc DESC`)
    ).map((row) => row.id);
  const membersHolding = async (word: string) =>
    (
      await db.all<{ id: string }>(sql`SELECT s.member_id AS id FROM people_postings x
        JOIN member_search s ON s.seq = x.doc WHERE x.word = ${word} ORDER BY x.doc DESC`)
    ).map((row) => row.id);
  expect(await projectsHolding("quokka")).toEqual(["p1"]);
  expect(await projectsHolding("rust")).toEqual(["p2", "p1"]);
  expect(await projectsHolding("cafe")).toEqual(["p2"]);
  expect(await membersHolding("analytical")).toEqual(["ada"]);
  expect(await membersHolding("uber")).toEqual(["bob"]);
  // A member's filters are words too, apart from typed words by their '#'.
  expect(await membersHolding("#frgermanyo")).toEqual(["ada"]);
  expect(await membersHolding("#frgermany")).toEqual(["bob", "ada"]);

  // What is written after is indexed by the new triggers, and the counts follow.
  await db.run(sql`UPDATE projects SET title = 'Wombat tracker' WHERE id = 'p1'`);
  await db.run(sql`UPDATE profiles SET skills = '["Zig"]' WHERE id = 'ada'`);
  await db.run(sql`DELETE FROM projects WHERE id = 'p2'`);
  expect(await projectsHolding("quokka")).toEqual([]);
  expect(await projectsHolding("quokkas")).toEqual(["p1"]);
  expect(await projectsHolding("tracker")).toEqual(["p1"]);
  expect(await projectsHolding("wombat")).toEqual(["p1"]);
  expect(await projectsHolding("cafe")).toEqual([]);
  expect(await membersHolding("zig")).toEqual(["ada"]);
  expect(await membersHolding("rust")).toEqual([]);
  for (const [postings, words] of [
    ["project_postings", "project_search_words"],
    ["people_postings", "people_search_words"],
  ]) {
    expect(await db.all(sql.raw(`SELECT word, docs FROM ${words} WHERE docs > 0 ORDER BY word`))).toEqual(
      await db.all(sql.raw(`SELECT word, count(*) AS docs FROM ${postings} GROUP BY word ORDER BY word`)),
    );
  }
});
