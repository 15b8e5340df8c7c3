/**
 * The `@libsql/client` `Client` for a local file (Node only), on the same engine (`libsql`), that
 * keeps each statement it prepares.
 *
 * `@libsql/client`'s own local driver prepares every statement afresh and asks it for its columns
 * twice per run; a chat message's insert, with the triggers SQLite compiles into it, cost more to
 * prepare than to run (docs/PERFORMANCE.md, "Prepared statements on the Node host"). Here a
 * statement is prepared once per connection and kept, least recently used first out, within a bound
 * in bytes; everything a caller sees is what `@libsql/client` gives (db/node-client.test.ts runs the
 * same calls through both and compares): the same rows (named properties own and enumerable, the
 * first column winning a duplicate name; indices and `length` not enumerable; integers as numbers, a
 * RangeError beyond the safe range; blobs as ArrayBuffer), the same argument mapping, the same errors
 * (`LibsqlError` with SQLite's code, `LibsqlBatchError` with the statement's index).
 *
 * Built on the public interfaces of both packages: `libsql`'s `Database` and `Statement` (the
 * better-sqlite3 API) and the `Client` types and errors `@libsql/client` exports.
 *
 * A write that finds another process holding the lock waits without stopping its own process.
 * SQLite's busy handler sleeps inside the call, and the engine runs on the process's only thread:
 * every request the process had in hand waited with it, a millisecond or more at each of the
 * host's collisions between its serving processes' writes. Here `execute` and `batch` meet
 * SQLITE_BUSY at once (the connection has no busy timeout), and try again from the event loop until
 * the client's `timeout` has passed, then refuse with that SQLITE_BUSY as `@libsql/client` does.
 * Trying again is safe: a statement or batch refused with SQLITE_BUSY changed nothing (a batch is
 * rolled back whole). What cannot be tried again whole, an interactive transaction's statements and
 * `executeMultiple`, waits inside the engine, as before.
 *
 * One connection, as the host ran `@libsql/client` (`concurrency: 1`): every call runs synchronously
 * to its end, so a second connection would only contend with the first for the lock. An open
 * `transaction()` holds it; until the transaction settles every other call is refused with
 * TRANSACTION_ACTIVE, as `@libsql/client` does with one connection.
 */
import { Buffer } from "node:buffer";
import { fileURLToPath } from "node:url";
import {
  LibsqlBatchError,
  LibsqlError,
  type Client,
  type InArgs,
  type InStatement,
  type InValue,
  type ResultSet,
  type Row,
  type Replicated,
  type Transaction,
  type TransactionMode,
} from "@libsql/client";
import Database from "libsql";
import { LRUCache } from "lru-cache";

/**
 * The most a kept statement may take, in bytes: SQLite compiles into a statement the triggers and
 * foreign-key actions it sets off, so its size follows the schema, not its text. The heaviest the
 * schema has, deleting a member (which cascades into most tables), takes about 190 KB
 * (db/node-client.test.ts measures every table's and fails above this).
 */
export const STATEMENT_BYTES_AT_MOST = 256 * 1024;

/** Statements kept per connection: 32 MiB at most, more than the app's busy paths use. */
export const KEPT_STATEMENTS = 128;

/** A statement that changes the schema: the columns kept for other statements may be stale after it. */
const SCHEMA_CHANGE = /^\s*(create|drop|alter)\b/i;

/**
 * A statement that begins or ends a transaction runs unprepared (`exec`), never kept. A statement
 * SQLite refuses with SQLITE_BUSY is not ended but left to be stepped again, and while it is, it
 * holds the connection's read snapshot: with kept statements, one refused and another refused
 * after it kept each other's old snapshot, and every write after them failed with
 * SQLITE_BUSY_SNAPSHOT (db/node-client.test.ts, "waits for another connection's lock"). So the lock
 * is only ever asked for by an unprepared BEGIN IMMEDIATE, which leaves nothing behind when refused.
 */
const TRANSACTION_CONTROL = /^\s*(begin|commit|end|rollback)\b/i;

/** What cannot run inside a transaction of its own: a PRAGMA that changes the journal, VACUUM, ATTACH ... */
const OUTSIDE_TRANSACTIONS = /^\s*(pragma|explain|savepoint|release|vacuum|attach|detach)\b/i;

/** What runs as it is, never inside a transaction of its own: what begins or ends one, and the above. */
const runsAsItIs = (sql: string) => TRANSACTION_CONTROL.test(sql) || OUTSIDE_TRANSACTIONS.test(sql);

/**
 * Whether a statement may write, from its text: anything but a SELECT or WITH, and a SELECT or WITH
 * that carries an INSERT, UPDATE, DELETE or REPLACE. A read taken for a write only waits its turn
 * for the lock; a write taken for a read could be refused and hold the snapshot (TRANSACTION_CONTROL),
 * so every doubt counts as a write. (SQLite knows exactly, but `libsql` does not say, and an EXPLAIN
 * run to ask leaves its statement open, which holds the lock.)
 */
const mayWrite = (sql: string) =>
  !/^\s*(select|with)\b/i.test(sql) ||
  /\b(insert|replace)\s+(or\s+\w+\s+)?into\b|\bupdate\s+("[^"]*"|\S+)\s+set\b|\bdelete\s+from\b/i.test(sql);

type SqlValue = null | string | number | bigint | Buffer;
type SqlArgs = SqlValue[] | Record<string, SqlValue>;

interface Prepared {
  statement: Database.Statement;
  /** Names and declared types of what it returns, and how its rows are made; null for a statement that returns no rows. */
  columns: { names: string[]; types: string[]; toRow: (values: unknown[]) => Row } | null;
}

/** Each call works synchronously to its end; its caller gets the result, or the error, as a promise. */
const answer = <T>(work: () => T) => new Promise<T>((resolve) => resolve(work()));

/** How long a call refused the lock waits before trying again: the next turn of the event loop, then 1 ms. */
const pause = (attempt: number) =>
  new Promise<void>((resolve) => (attempt < 3 ? setImmediate(resolve) : setTimeout(resolve, 1)));

/** The busy timeout `@libsql/client` gives a connection when its config sets none. */
const DEFAULT_TIMEOUT_MS = 5_000;

/** Opens a `file:` URL (`file:/absolute.db`, `file:///absolute.db`, `file:relative.db`) with one connection. */
export function createNodeClient(config: { url: string; timeout?: number }): Client {
  const path = config.url.startsWith("file://") ? fileURLToPath(config.url) : config.url.slice("file:".length);
  return new NodeClient(path, config.timeout ?? DEFAULT_TIMEOUT_MS);
}

class NodeClient implements Client {
  closed = false;
  readonly protocol = "file";
  readonly #path: string;
  readonly #timeout: number;
  #connection: Connection;
  #transaction: NodeTransaction | null = null;

  constructor(path: string, timeout: number) {
    this.#path = path;
    this.#timeout = timeout;
    this.#connection = new Connection(path, timeout);
  }

  execute(stmt: InStatement): Promise<ResultSet>;
  execute(sql: string, args?: InArgs): Promise<ResultSet>;
  execute(stmtOrSql: InStatement, args?: InArgs) {
    const stmt = typeof stmtOrSql === "string" ? { sql: stmtOrSql, args: args ?? [] } : stmtOrSql;
    return this.#whenFree(() => {
      const connection = this.#idle();
      try {
        // A read runs as it is; anything that may write, in a transaction of its own that takes the lock first.
        if (runsAsItIs(stmt.sql) || !mayWrite(stmt.sql)) return connection.run(stmt);
        connection.exec("BEGIN IMMEDIATE");
        const result = connection.run(stmt);
        connection.exec("COMMIT");
        return result;
      } finally {
        // A lone BEGIN must not leave the connection inside a transaction every later call would join
        // (`@libsql/client` rolls back what a borrower of its connection left open).
        connection.rollbackLeftOpen();
      }
    });
  }

  batch(stmts: Array<InStatement | [string, InArgs?]>, mode: TransactionMode = "deferred") {
    return this.#whenFree(() => {
      const connection = this.#idle();
      const normalized = stmts.map((stmt) => (Array.isArray(stmt) ? { sql: stmt[0], args: stmt[1] ?? [] } : stmt));
      try {
        connection.exec(beginStatement(mode));
        const results = connection.runAll(normalized, true);
        connection.exec("COMMIT");
        return results;
      } finally {
        connection.rollbackLeftOpen();
      }
    });
  }

  /** As drizzle's migrator calls it: one deferred transaction, foreign keys off while tables are rebuilt. */
  migrate(stmts: InStatement[]) {
    return answer(() => {
      const connection = this.#idle().waitingInside();
      connection.run("PRAGMA foreign_keys=off");
      try {
        connection.exec(beginStatement("deferred"));
        const results = connection.runAll(stmts, true);
        connection.exec("COMMIT");
        return results;
      } finally {
        connection.rollbackLeftOpen();
        connection.run("PRAGMA foreign_keys=on");
        connection.forgetStatements();
        connection.refusingWhenBusy();
      }
    });
  }

  executeMultiple(sql: string) {
    return answer(() => {
      const connection = this.#idle().waitingInside();
      try {
        connection.exec(sql);
      } finally {
        connection.rollbackLeftOpen();
        connection.forgetStatements();
        connection.refusingWhenBusy();
      }
    });
  }

  transaction(mode: TransactionMode = "write"): Promise<Transaction> {
    return this.#whenFree(() => {
      const connection = this.#idle();
      connection.exec(beginStatement(mode));
      connection.waitingInside();
      const transaction = new NodeTransaction(connection, (settled) => {
        if (this.#transaction === settled) this.#transaction = null;
      });
      this.#transaction = transaction;
      return transaction;
    });
  }

  /** A local file has nothing to sync: the engine says so, as under `@libsql/client`. */
  sync(): Promise<Replicated> {
    return answer(() => this.#idle().sync());
  }

  reconnect() {
    this.close();
    this.#connection = new Connection(this.#path, this.#timeout);
    this.closed = false;
  }

  close() {
    this.closed = true;
    this.#transaction = null;
    this.#connection.close();
  }

  /** Runs `work`, and while another connection holds the lock, runs it again from the event loop. */
  async #whenFree<T>(work: () => T): Promise<T> {
    const giveUpAt = performance.now() + this.#timeout;
    for (let attempt = 0; ; attempt++) {
      try {
        return work();
      } catch (e) {
        if (!(e instanceof LibsqlError && e.code === "SQLITE_BUSY") || performance.now() >= giveUpAt) throw e;
      }
      await pause(attempt);
    }
  }

  #idle() {
    if (this.closed) throw new LibsqlError("The client is closed", "CLIENT_CLOSED");
    if (this.#transaction && !this.#transaction.closed) {
      throw new LibsqlError(
        "This client has a single connection, which an open transaction is holding. " +
          "Commit or roll back the transaction before using the client again.",
        "TRANSACTION_ACTIVE",
      );
    }
    // Ended by a COMMIT or ROLLBACK sent through it: settled, so it cannot reach a later one.
    this.#transaction?.close();
    return this.#connection;
  }
}

class NodeTransaction implements Transaction {
  #connection: Connection | null;
  readonly #settled: (transaction: NodeTransaction) => void;

  constructor(connection: Connection, settled: (transaction: NodeTransaction) => void) {
    this.#connection = connection;
    this.#settled = settled;
  }

  get closed() {
    return this.#connection === null || !this.#connection.inTransaction;
  }

  execute(stmt: InStatement) {
    return answer(() => this.#open().run(stmt));
  }

  batch(stmts: InStatement[]) {
    return answer(() => this.#open().runAll(stmts, false));
  }

  executeMultiple(sql: string) {
    return answer(() => this.#open().exec(sql));
  }

  commit() {
    return answer(() => {
      try {
        this.#open().exec("COMMIT");
      } finally {
        this.close();
      }
    });
  }

  rollback() {
    return answer(() => this.close());
  }

  close() {
    const connection = this.#connection;
    if (connection === null) return;
    this.#connection = null;
    try {
      connection.rollbackLeftOpen();
    } finally {
      connection.refusingWhenBusy();
      this.#settled(this);
    }
  }

  #open() {
    if (this.closed) throw new LibsqlError("The transaction is closed", "TRANSACTION_CLOSED");
    return this.#connection!;
  }
}

/** One `libsql` connection and the statements prepared on it. */
class Connection {
  readonly #db: Database.Database;
  readonly #timeout: number;
  readonly #statements = new LRUCache<string, Prepared>({ max: KEPT_STATEMENTS });

  /** Opened with no busy timeout: a statement that finds the lock taken is refused at once. */
  constructor(path: string, timeout: number) {
    this.#db = new Database(path, { timeout: 0 });
    this.#timeout = timeout;
  }

  /** Until `refusingWhenBusy`, a statement that finds the lock taken waits for it inside the engine. */
  waitingInside() {
    this.#db.exec(`PRAGMA busy_timeout = ${this.#timeout}`);
    return this;
  }

  refusingWhenBusy() {
    if (this.#db.open) this.#db.exec("PRAGMA busy_timeout = 0");
  }

  get inTransaction() {
    // Reading `inTransaction` on a closed database aborts the process.
    return this.#db.open && this.#db.inTransaction;
  }

  run(stmt: InStatement): ResultSet {
    const sql = typeof stmt === "string" ? stmt : stmt.sql;
    if (!this.#db.open) throw new LibsqlError("The client is closed", "CLIENT_CLOSED");
    try {
      if (TRANSACTION_CONTROL.test(sql)) {
        this.#db.exec(sql);
        // What `@libsql/client` answers for one: no rows changed, the connection's last inserted rowid.
        const [[rowid]] = this.#prepare("SELECT last_insert_rowid()").statement.all() as [[bigint]];
        return resultSet([], [], [], 0, rowid);
      }
      const args = typeof stmt === "string" ? [] : argsToSql(stmt.args);
      const { statement, columns } = this.#prepare(sql);
      if (columns) {
        const values = statement.all(args) as unknown[][];
        // Another connection's schema change prepares the statement again underneath (SELECT *).
        if (values.length > 0 && values[0]!.length !== columns.names.length) {
          this.#statements.delete(sql);
          return this.run(stmt);
        }
        const rows = values.map(columns.toRow);
        // Each answer has arrays of its own: callers may sort or push onto them.
        return resultSet(columns.names.slice(), columns.types.slice(), rows, 0, undefined);
      }
      const info = statement.run(args);
      if (SCHEMA_CHANGE.test(sql)) this.forgetStatements();
      return resultSet([], [], [], info.changes, BigInt(info.lastInsertRowid));
    } catch (e) {
      throw fromSqliteError(e);
    }
  }

  /** The statements of a batch, inside the transaction the caller began; a failure names its statement. */
  runAll(stmts: InStatement[], checkOpen: boolean): ResultSet[] {
    return stmts.map((stmt, i) => {
      try {
        if (checkOpen && !this.#db.inTransaction) {
          throw new LibsqlBatchError("The transaction has been rolled back", i, "TRANSACTION_CLOSED");
        }
        return this.run(stmt);
      } catch (e) {
        if (e instanceof LibsqlError && !(e instanceof LibsqlBatchError)) {
          const cause = e.cause instanceof Error ? e.cause : undefined;
          throw new LibsqlBatchError(e.message, i, e.code, e.extendedCode, e.rawCode, cause);
        }
        throw e;
      }
    });
  }

  /** Runs `sql` unprepared: how transactions begin and end (TRANSACTION_CONTROL), and `executeMultiple`. */
  exec(sql: string) {
    try {
      this.#db.exec(sql);
    } catch (e) {
      throw fromSqliteError(e);
    }
  }

  sync(): Replicated {
    const report = this.#db.sync() as { frames_synced: number; frame_no: number };
    return { frames_synced: report.frames_synced, frame_no: report.frame_no };
  }

  rollbackLeftOpen() {
    if (this.inTransaction) this.exec("ROLLBACK");
  }

  forgetStatements() {
    this.#statements.clear();
  }

  close() {
    this.#statements.clear();
    if (this.#db.open) this.#db.close();
  }

  #prepare(sql: string): Prepared {
    const kept = this.#statements.get(sql);
    if (kept) return kept;
    const statement = this.#db.prepare(sql);
    statement.safeIntegers(true);
    let columns: Prepared["columns"] = null;
    if (statement.reader) {
      statement.raw(true);
      const definitions = statement.columns();
      const names = definitions.map((c) => c.name);
      columns = { names, types: definitions.map((c) => c.type ?? ""), toRow: rowMaker(names) };
    }
    const prepared = { statement, columns };
    this.#statements.set(sql, prepared);
    return prepared;
  }
}

const beginStatement = (mode: TransactionMode) =>
  mode === "write" ? "BEGIN IMMEDIATE" : mode === "read" ? "BEGIN TRANSACTION READONLY" : "BEGIN DEFERRED";

function resultSet(
  columns: string[],
  columnTypes: string[],
  rows: Row[],
  rowsAffected: number,
  lastInsertRowid: bigint | undefined,
): ResultSet {
  return {
    columns,
    columnTypes,
    rows,
    rowsAffected,
    lastInsertRowid,
    toJSON: () => ({
      columns,
      columnTypes,
      rows: rows.map((row) => Array.prototype.map.call(row, valueToJson)),
      rowsAffected,
      lastInsertRowid: lastInsertRowid === undefined ? null : String(lastInsertRowid),
    }),
  };
}

function valueToJson(value: unknown) {
  if (typeof value === "bigint") return String(value);
  if (value instanceof ArrayBuffer) return Buffer.from(value).toString("base64");
  return value;
}

/**
 * How a statement's rows are made: as `@libsql/client` makes one (indices and `length` hidden, the
 * first column of a name shown), and for columns with plain names by a class of the statement's own.
 * `@libsql/client` defines every property of every row one by one, which leaves each row a
 * dictionary: 15% of the CPU of a page of projects. The class keeps the indices and `length` on its
 * prototype, read from the row's private values, and sets the names in one order, so a statement's
 * rows share one hidden class. A name that is an index, `length` or `__proto__` would be a property
 * the class cannot show as `@libsql/client` does; such a statement's rows are made its way.
 */
function rowMaker(names: string[]): (values: unknown[]) => Row {
  if (names.some((name) => UNPLAIN_NAME.test(name))) return (values) => rowFromSql(values, names);
  const shown = names.flatMap((name, i) => (names.indexOf(name) === i ? [{ name, i }] : []));
  class StatementRow extends SqlRow {
    constructor(values: unknown[]) {
      super(values);
      for (const { name, i } of shown) (this as Record<string, unknown>)[name] = values[i];
    }
  }
  Object.defineProperty(StatementRow.prototype, "length", { value: names.length });
  for (let i = 0; i < names.length; i++) {
    Object.defineProperty(StatementRow.prototype, i, { get: SqlRow.valueAt(i) });
  }
  return (values) => {
    for (let i = 0; i < values.length; i++) values[i] = valueFromSql(values[i]);
    return new StatementRow(values) as unknown as Row;
  };
}

/** An array index, `length` or `__proto__`: names the class of `rowMaker` cannot set as plain properties. */
const UNPLAIN_NAME = /^(0|[1-9]\d*|length|__proto__)$/;

/** A row's values, kept out of sight of its keys, its spread and its JSON. */
class SqlRow {
  readonly #values: unknown[];
  constructor(values: unknown[]) {
    this.#values = values;
  }
  /** The getter of index `i` on a statement's row prototype. */
  static valueAt(i: number) {
    return function (this: SqlRow) {
      return this.#values[i];
    };
  }
}

/** A row as `@libsql/client` builds one: indices and `length` hidden, the first column of a name shown. */
function rowFromSql(values: unknown[], names: string[]): Row {
  const row = {};
  Object.defineProperty(row, "length", { value: values.length });
  for (let i = 0; i < values.length; i++) {
    const value = valueFromSql(values[i]);
    Object.defineProperty(row, i, { value });
    if (!Object.hasOwn(row, names[i]!)) {
      Object.defineProperty(row, names[i]!, { value, enumerable: true, configurable: true, writable: true });
    }
  }
  return row as Row;
}

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Integers as numbers (intMode "number"), blobs as ArrayBuffer. */
function valueFromSql(value: unknown): unknown {
  if (typeof value === "bigint") {
    if (value < MIN_SAFE || value > MAX_SAFE) {
      throw new RangeError("Received integer which cannot be safely represented as a JavaScript number");
    }
    return Number(value);
  }
  if (Buffer.isBuffer(value)) return value.buffer;
  return value;
}

/** Named arguments lose their leading `@`, `$` or `:`. */
function argsToSql(args: InArgs | undefined): SqlArgs {
  if (Array.isArray(args)) return args.map(valueToSql);
  const named: Record<string, SqlValue> = {};
  for (const name in args) {
    const bare = name[0] === "@" || name[0] === "$" || name[0] === ":" ? name.substring(1) : name;
    named[bare] = valueToSql(args[name]);
  }
  return named;
}

const MIN_INTEGER = -9223372036854775808n;
const MAX_INTEGER = 9223372036854775807n;

function valueToSql(value: InValue | undefined): SqlValue {
  if (typeof value === "number") {
    if (!Number.isFinite(value))
      throw new RangeError("Only finite numbers (not Infinity or NaN) can be passed as arguments");
    return value;
  }
  if (typeof value === "bigint") {
    if (value < MIN_INTEGER || value > MAX_INTEGER) {
      throw new RangeError("bigint is too large to be represented as a 64-bit integer and passed as argument");
    }
    return value;
  }
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (value instanceof Date) return value.valueOf();
  if (value === undefined) throw new TypeError("undefined cannot be passed as argument to the database");
  return value as SqlValue;
}

/** SQLite's error as `@libsql/client` gives it: the base code ("SQLITE_BUSY"), the extended one, the message. */
function fromSqliteError(e: unknown) {
  if (e instanceof Database.SqliteError) {
    const base = e.rawCode === undefined ? "SQLITE_UNKNOWN" : baseCodeName(e.rawCode & 0xff);
    return new LibsqlError(e.message, base, e.code, e.rawCode, e);
  }
  return e;
}

const BASE_CODES = [
  "SQLITE_OK",
  "SQLITE_ERROR",
  "SQLITE_INTERNAL",
  "SQLITE_PERM",
  "SQLITE_ABORT",
  "SQLITE_BUSY",
  "SQLITE_LOCKED",
  "SQLITE_NOMEM",
  "SQLITE_READONLY",
  "SQLITE_INTERRUPT",
  "SQLITE_IOERR",
  "SQLITE_CORRUPT",
  "SQLITE_NOTFOUND",
  "SQLITE_FULL",
  "SQLITE_CANTOPEN",
  "SQLITE_PROTOCOL",
  "SQLITE_EMPTY",
  "SQLITE_SCHEMA",
  "SQLITE_TOOBIG",
  "SQLITE_CONSTRAINT",
  "SQLITE_MISMATCH",
  "SQLITE_MISUSE",
  "SQLITE_NOLFS",
  "SQLITE_AUTH",
  "SQLITE_FORMAT",
  "SQLITE_RANGE",
  "SQLITE_NOTADB",
  "SQLITE_NOTICE",
  "SQLITE_WARNING",
];

const baseCodeName = (code: number) => (code > 0 && BASE_CODES[code]) || `SQLITE_UNKNOWN_${code}`;
