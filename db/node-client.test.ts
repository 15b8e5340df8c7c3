/**
 * The Node client must answer exactly as `@libsql/client` does over the same engine: each case runs
 * the same calls through both, each on its own fresh file, and compares what comes back. These are
 * the pinned tests of its entry in docs/PERFORMANCE.md.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type Client, type InArgs, type InStatement, type ResultSet } from "@libsql/client";
import fc from "fast-check";
import Database from "libsql";
import { afterEach, expect, it, vi } from "vitest";
import { createNodeDb, migrateLocal } from "./local";
import { createNodeClient, KEPT_STATEMENTS, STATEMENT_BYTES_AT_MOST } from "./node-client";

const SCHEMA = `
  CREATE TABLE people (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE, name TEXT, score REAL, avatar BLOB, joined INTEGER);
  CREATE TABLE anything (x);
`;

const opened: Client[] = [];
afterEach(() => {
  for (const client of opened.splice(0)) client.close();
});

const freshUrl = () => `file:${join(mkdtempSync(join(tmpdir(), "crewboard-client-")), "app.db")}`;

/** The original and ours, each on its own fresh file with the schema. */
async function bothClients(timeout = 5_000) {
  const urls = { original: freshUrl(), ours: freshUrl() };
  const original = createClient({ url: urls.original, timeout, concurrency: 1 });
  const ours = createNodeClient({ url: urls.ours, timeout });
  opened.push(original, ours);
  for (const client of [original, ours]) await client.executeMultiple(SCHEMA);
  return { original, ours, urls };
}

/** Everything a caller can observe of a row, drizzle's ways of reading one included. */
function rowView(row: ResultSet["rows"][number]) {
  return {
    keys: Object.keys(row),
    named: { ...row },
    indexed: Array.prototype.slice.call(row),
    byIndex: Array.from({ length: row.length }, (_, i) => row[i]),
    length: row.length,
    json: JSON.stringify(row),
    enumerableIndex: Object.prototype.propertyIsEnumerable.call(row, 0),
    enumerableLength: Object.prototype.propertyIsEnumerable.call(row, "length"),
  };
}

function resultView(result: ResultSet) {
  return {
    columns: result.columns,
    columnTypes: result.columnTypes,
    rows: result.rows.map(rowView),
    rowsAffected: result.rowsAffected,
    lastInsertRowid: result.lastInsertRowid,
    json: result.toJSON(),
  };
}

/** What a call gave back, or the error it failed with, as comparable data. */
async function outcome(call: Promise<ResultSet | ResultSet[] | void>) {
  try {
    const result = await call;
    if (result === undefined) return { done: true };
    return { result: Array.isArray(result) ? result.map(resultView) : resultView(result) };
  } catch (e) {
    const error = e as Error & Record<string, unknown>;
    return {
      error: {
        type: error.constructor.name,
        name: error.name,
        message: error.message,
        code: error.code,
        extendedCode: error.extendedCode,
        rawCode: error.rawCode,
        statementIndex: error.statementIndex,
      },
    };
  }
}

async function expectSame(clients: { original: Client; ours: Client }, call: (client: Client) => Promise<unknown>) {
  const [original, ours] = [
    await outcome(call(clients.original) as Promise<ResultSet>),
    await outcome(call(clients.ours) as Promise<ResultSet>),
  ];
  expect(ours).toEqual(original);
  return ours;
}

it("writes and reads rows exactly as @libsql/client does, with positional and named arguments", async () => {
  const clients = await bothClients();
  const statements: [string | InStatement, InArgs?][] = [
    [
      "INSERT INTO people (email, name, score, avatar, joined) VALUES (?, ?, ?, ?, ?)",
      ["ada@example.com", "Ada", 1.5, new Uint8Array([1, 2, 3]), new Date(1_700_000_000_000)],
    ],
    [
      {
        sql: "INSERT INTO people (email, name, score, joined) VALUES (:email, $name, @score, ?4)",
        args: {
          ":email": "bob@example.com",
          $name: "Bob",
          score: true,
          "4": 12n,
        },
      },
    ],
    [
      {
        sql: "INSERT INTO people (email, avatar) VALUES (?, ?)",
        args: ["eve@example.com", new Uint8Array([9]).buffer],
      },
    ],
    ["UPDATE people SET score = score + 1 WHERE score IS NOT NULL"],
    ["SELECT * FROM people ORDER BY id"],
    ['SELECT id, email AS id, name AS length, score AS "0", joined AS "9", avatar FROM people ORDER BY id'],
    ["SELECT count(*) AS n, max(joined) FROM people"],
    ["SELECT * FROM people WHERE id = ?", [99]],
    ["INSERT INTO people (email) VALUES ('dan@example.com') RETURNING id, email"],
    ["DELETE FROM people WHERE email LIKE ?", ["%example.com"]],
  ];
  for (const [stmt, args] of statements) {
    const seen = await expectSame(clients, (client) =>
      typeof stmt === "string" ? client.execute(stmt, args) : client.execute(stmt),
    );
    expect(seen).toHaveProperty("result");
  }
});

it("refuses what @libsql/client refuses, with the same code and message", async () => {
  const clients = await bothClients();
  await expectSame(clients, (client) => client.execute("INSERT INTO people (email) VALUES ('ada@example.com')"));
  const duplicate = await expectSame(clients, (client) =>
    client.execute("INSERT INTO people (email) VALUES (?)", ["ada@example.com"]),
  );
  expect(duplicate.error).toMatchObject({ code: "SQLITE_CONSTRAINT", extendedCode: "SQLITE_CONSTRAINT_UNIQUE" });
  expect(duplicate.error?.message).toMatch(/UNIQUE constraint failed: people.email/);
  const syntax = await expectSame(clients, (client) => client.execute("SELEKT 1"));
  expect(syntax.error).toMatchObject({ code: "SQLITE_ERROR", type: "LibsqlError" });
  await expectSame(clients, (client) => client.execute("SELECT * FROM nowhere"));
  await expectSame(clients, (client) => client.execute("SELECT ?", [undefined as never]));
  await expectSame(clients, (client) => client.execute("SELECT ?", [Number.NaN]));
  await expectSame(clients, (client) => client.execute("SELECT 9007199254740993 AS big"));
});

it("waits out the busy timeout, then refuses with SQLITE_BUSY, while another connection holds the write lock", async () => {
  const clients = await bothClients(50);
  // Another process on each file: a second connection holding BEGIN IMMEDIATE.
  const holders = await Promise.all(
    [clients.urls.original, clients.urls.ours].map((url) => {
      const other = createClient({ url });
      opened.push(other);
      return other.transaction("write");
    }),
  );
  const busy = await expectSame(clients, (client) => client.execute("INSERT INTO people (email) VALUES ('a@b.c')"));
  expect(busy.error).toMatchObject({ code: "SQLITE_BUSY", message: "SQLITE_BUSY: database is locked" });
  const busyBatch = await expectSame(clients, (client) =>
    client.batch(["INSERT INTO people (email) VALUES ('a@b.c')"], "write"),
  );
  expect(busyBatch.error).toMatchObject({ code: "SQLITE_BUSY" });
  for (const holder of holders) await holder.rollback();
  await expectSame(clients, (client) => client.execute("INSERT INTO people (email) VALUES ('a@b.c')"));
});

it("waits for another connection's lock without stopping its process, and writes once it is free", async () => {
  const { ours, urls } = await bothClients();
  // As the host runs it (db/local.ts): readers never stand in a writer's way.
  await ours.execute("PRAGMA journal_mode = WAL");
  const other = createClient({ url: urls.ours });
  opened.push(other);
  const holder = await other.transaction("write");
  await holder.execute("INSERT INTO people (email) VALUES ('held@example.com')");
  const insert = ours.execute("INSERT INTO people (email) VALUES ('ada@example.com')");
  // A second write of another statement waiting beside it: two statements refused at once once kept
  // each other on the old snapshot, and neither could ever write (SQLITE_BUSY_SNAPSHOT).
  const update = ours.execute("UPDATE people SET name = 'Held' WHERE email = 'held@example.com'");
  const withWrite = ours.execute(
    "WITH named(email) AS (SELECT 'eve@example.com') INSERT INTO people (email) SELECT email FROM named",
  );
  const batch = ours.batch(
    [
      "INSERT INTO people (email) VALUES ('bob@example.com')",
      "SELECT email FROM people WHERE email IN ('bob@example.com', 'held@example.com') ORDER BY email",
    ],
    "write",
  );
  let settled = false;
  void Promise.all([insert, update, withWrite, batch]).then(() => (settled = true));
  // Meanwhile the process answers a read and runs its timers: nothing waits inside the engine.
  expect((await ours.execute("SELECT count(*) AS n FROM people")).rows[0]?.n).toBe(0);
  const withRead = await ours.execute("WITH everyone AS (SELECT email FROM people) SELECT count(*) AS n FROM everyone");
  expect(withRead.rows[0]?.n).toBe(0);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(settled).toBe(false);
  await holder.commit();
  expect((await insert).rowsAffected).toBe(1);
  expect((await update).rowsAffected).toBe(1);
  expect((await withWrite).rowsAffected).toBe(1);
  // The batch read inside its own transaction, after the held write was committed.
  expect((await batch)[1]?.rows.map((row) => row.email)).toEqual(["bob@example.com", "held@example.com"]);
  const emails = await ours.execute("SELECT email FROM people ORDER BY email");
  expect(emails.rows.map((row) => row.email)).toEqual([
    "ada@example.com",
    "bob@example.com",
    "eve@example.com",
    "held@example.com",
  ]);
});

it("runs a batch all or nothing: a failing statement rolls back the ones before it", async () => {
  const clients = await bothClients();
  for (const mode of ["write", "deferred", "read"] as const) {
    const failed = await expectSame(clients, (client) =>
      client.batch(
        [
          "INSERT INTO people (email) VALUES ('ada@example.com')",
          { sql: "INSERT INTO people (email) VALUES (?)", args: ["bob@example.com"] },
          ["INSERT INTO people (email) VALUES (?)", ["ada@example.com"]],
        ],
        mode,
      ),
    );
    expect(failed.error).toMatchObject({ type: "LibsqlBatchError", statementIndex: 2 });
  }
  const counted = await expectSame(clients, (client) => client.execute("SELECT count(*) AS n FROM people"));
  expect(counted.result).toMatchObject({ rows: [{ named: { n: 0 } }] });
  const done = await expectSame(clients, (client) =>
    client.batch(["INSERT INTO people (email) VALUES ('ada@example.com')", "SELECT email FROM people"], "write"),
  );
  expect(done.result).toMatchObject([{ rowsAffected: 1 }, { rows: [{ named: { email: "ada@example.com" } }] }]);
  const closed = await expectSame(clients, (client) => client.batch(["COMMIT", "SELECT 1"]));
  expect(closed.error).toMatchObject({ code: "TRANSACTION_CLOSED", statementIndex: 1 });
});

it("prepares a statement once and runs it again with other arguments", async () => {
  const { ours } = await bothClients();
  const prepare = vi.spyOn(Database.prototype, "prepare");
  try {
    const sql = "SELECT email FROM people WHERE email = ? OR id = ?";
    await ours.execute("INSERT INTO people (email) VALUES ('ada@example.com'), ('bob@example.com')");
    const emails = [];
    for (const args of [
      ["ada@example.com", 0],
      ["nobody", 2],
      ["nobody", 3],
    ]) {
      emails.push((await ours.execute(sql, args)).rows.map((row) => row.email));
    }
    expect(emails).toEqual([["ada@example.com"], ["bob@example.com"], []]);
    expect(prepare.mock.calls.filter(([prepared]) => prepared === sql)).toHaveLength(1);
  } finally {
    prepare.mockRestore();
  }
});

it("reads the columns a schema change brings, through statements prepared before it", async () => {
  const clients = await bothClients();
  const all = (client: Client) => client.execute("SELECT * FROM anything");
  for (const client of [clients.original, clients.ours]) await client.execute("INSERT INTO anything VALUES (1)");
  await expectSame(clients, all);
  await expectSame(clients, (client) => client.execute("ALTER TABLE anything ADD COLUMN y DEFAULT 'new'"));
  const widened = await expectSame(clients, all);
  expect(widened.result).toMatchObject({ columns: ["x", "y"] });
  await expectSame(clients, (client) => client.execute("ALTER TABLE anything RENAME COLUMN y TO z"));
  expect((await expectSame(clients, all)).result).toMatchObject({ columns: ["x", "z"] });
  await expectSame(clients, (client) =>
    client.migrate([
      "CREATE TABLE anything_new (z, x)",
      "INSERT INTO anything_new SELECT z, x FROM anything",
      "DROP TABLE anything",
      "ALTER TABLE anything_new RENAME TO anything",
    ]),
  );
  expect((await expectSame(clients, all)).result).toMatchObject({ columns: ["z", "x"] });
  const failed = await expectSame(clients, (client) => client.migrate(["DROP TABLE anything", "SELEKT"]));
  expect(failed.error).toMatchObject({ statementIndex: 1 });
  await expectSame(clients, all);
  await expectSame(clients, (client) => client.execute("PRAGMA foreign_keys"));
});

it("hands any value back as @libsql/client does", async () => {
  const clients = await bothClients();
  const value = fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.maxSafeInteger(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
    fc.string(),
    fc.uint8Array().map((bytes) => (bytes.length % 2 ? bytes : bytes.buffer)),
    fc.date({ noInvalidDate: true }),
  );
  await fc.assert(
    fc.asyncProperty(fc.array(value, { minLength: 1, maxLength: 4 }), async (values) => {
      const sql = `SELECT ${values.map((_, i) => `?${i + 1} AS v, typeof(?${i + 1}) AS t${i}`).join(", ")}`;
      await expectSame(clients, (client) => client.execute(sql, values));
      await expectSame(clients, (client) =>
        client.batch([{ sql: "INSERT INTO anything VALUES (?)", args: [values[0]!] }, "SELECT x FROM anything"]),
      );
    }),
    { numRuns: 150 },
  );
});

it("holds its one connection for an open transaction and refuses other calls until it settles", async () => {
  const clients = await bothClients();
  for (const client of [clients.original, clients.ours]) {
    const tx = await client.transaction("write");
    await tx.execute("INSERT INTO people (email) VALUES ('ada@example.com')");
    await expect(client.execute("SELECT 1")).rejects.toMatchObject({ code: "TRANSACTION_ACTIVE" });
    await tx.rollback();
    expect(tx.closed).toBe(true);
    const kept = await client.transaction("deferred");
    await kept.batch(["INSERT INTO people (email) VALUES ('bob@example.com')"]);
    await kept.commit();
    await expect(kept.execute("SELECT 1")).rejects.toMatchObject({ code: "TRANSACTION_CLOSED" });
  }
  await expectSame(clients, (client) => client.execute("SELECT email FROM people"));
  // A BEGIN sent alone is not left open for later calls to fall into.
  await expectSame(clients, (client) => client.execute("BEGIN"));
  await expectSame(clients, (client) => client.execute("INSERT INTO people (email) VALUES ('eve@example.com')"));
  await expectSame(clients, (client) => client.execute("ROLLBACK"));
  await expectSame(clients, (client) => client.execute("SELECT count(*) FROM people"));
});

it("closes, refuses calls while closed, and reconnects", async () => {
  const clients = await bothClients();
  for (const client of [clients.original, clients.ours]) {
    expect(client.protocol).toBe("file");
    client.close();
    expect(client.closed).toBe(true);
  }
  await expectSame(clients, (client) => client.execute("SELECT 1"));
  for (const client of [clients.original, clients.ours]) {
    client.reconnect();
    expect(client.closed).toBe(false);
  }
  await expectSame(clients, (client) => client.execute("SELECT count(*) AS n FROM people"));
  await expectSame(clients, (client) => client.sync() as Promise<never>);
});

it("opens file: URLs in the forms @libsql/client reads them", async () => {
  const path = join(mkdtempSync(join(tmpdir(), "crewboard-client-")), "app.db");
  for (const url of [`file:${path}`, `file://${path}`, `file://localhost${path}`]) {
    const client = createNodeClient({ url });
    opened.push(client);
    await client.execute("CREATE TABLE IF NOT EXISTS t (x)");
    await client.execute("INSERT INTO t VALUES (1)");
  }
  const again = createNodeClient({ url: `file:${path}` });
  opened.push(again);
  expect((await again.execute("SELECT count(*) AS n FROM t")).rows[0]?.n).toBe(3);
});

it("keeps the statements it used last, up to its bound, and prepares again one it let go", async () => {
  const { ours } = await bothClients();
  const prepare = vi.spyOn(Database.prototype, "prepare");
  try {
    const statement = (i: number) => `SELECT ${i} AS n`;
    for (let i = 0; i <= KEPT_STATEMENTS; i++) await ours.execute(statement(i));
    await ours.execute(statement(KEPT_STATEMENTS));
    await ours.execute(statement(0));
    const prepared = (sql: string) => prepare.mock.calls.filter(([text]) => text === sql).length;
    expect(prepared(statement(KEPT_STATEMENTS))).toBe(1);
    expect(prepared(statement(0))).toBe(2);
  } finally {
    prepare.mockRestore();
  }
});

it("keeps no statement of the app's schema heavier than its bound says", async () => {
  const file = join(mkdtempSync(join(tmpdir(), "crewboard-client-")), "app.db");
  const db = createNodeDb({ url: `file:${file}` });
  await migrateLocal(db);
  db.$client.close();
  const bare = new Database(file);
  try {
    const tables = bare
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE '%VIRTUAL%'",
      )
      .all() as { name: string }[];
    // Every trigger and cascade a write to a table can set off is compiled into the statement.
    const heaviest = tables.flatMap(({ name }) => {
      const columns = (bare.prepare(`SELECT name FROM pragma_table_info(?)`).all(name) as { name: string }[]).map(
        (column) => `"${column.name}" = "${column.name}"`,
      );
      return [
        `DELETE FROM "${name}" WHERE ?`,
        `INSERT INTO "${name}" DEFAULT VALUES`,
        `UPDATE "${name}" SET ${columns.join(", ")} WHERE ?`,
      ];
    });
    const COPIES = 200;
    const sizes = heaviest.map((sql) => {
      const kept = [];
      const before = process.memoryUsage.rss();
      for (let i = 0; i < COPIES; i++) kept.push(bare.prepare(`${sql} -- ${i}`));
      return { sql, bytes: (process.memoryUsage.rss() - before) / COPIES };
    });
    expect(sizes.length).toBeGreaterThan(100);
    expect(sizes.filter(({ bytes }) => bytes > STATEMENT_BYTES_AT_MOST)).toEqual([]);
    // The measure sees statements: deleting a member, which cascades furthest, weighs most.
    expect(Math.max(...sizes.map(({ bytes }) => bytes))).toBeGreaterThan(STATEMENT_BYTES_AT_MOST / 4);
  } finally {
    bare.close();
  }
});
