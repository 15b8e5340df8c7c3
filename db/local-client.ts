/**
 * The `@libsql/client` `Client` for a local file (Node only), over the same engine (`libsql`).
 *
 * Why not `@libsql/client`'s own local driver: CPU profiles of the Node host under load
 * (projects.list, auth.me) put it above SQLite itself. It prepares every statement anew and reads
 * its columns twice per execution (~11% of busy CPU), and builds each row cell by cell with two
 * `Object.defineProperty` calls per cell (11% alone on the list endpoint): a 12-row, 7-column
 * SELECT cost ~280 µs through it against ~73 µs for the bare engine. Here each statement is
 * prepared once per connection, with its column names and a row class of its own, so a row is one
 * constructor call: on the seeded database that SELECT takes ~63 µs (bare engine ~45 µs, the original
 * ~210 µs), `select 1` ~7 µs (original ~26 µs).
 *
 * What it keeps from the original, because drizzle and db/errors.ts read it: rows of the same
 * shape (own enumerable named properties, first column winning a duplicate name; indices and
 * `length` not enumerable; integers as numbers, a RangeError beyond the safe range; blobs as
 * ArrayBuffer), the same `ResultSet`, the same argument mapping, and the same errors (`LibsqlError`
 * with the SQLite code, `LibsqlBatchError` with the statement's index). db/local-client.test.ts runs
 * the same statements through both and compares.
 *
 * One connection, as the host ran `@libsql/client` (`concurrency: 1`): every call runs synchronously
 * to its end, so a second connection would only contend with the first for the lock. An open
 * `transaction()` therefore holds the only connection: until it settles, every other call is
 * refused with TRANSACTION_ACTIVE, as the original does at `concurrency: 1`. The app never opens one
 * (README "Writing to the database"); it is here so the client is whole. worker/busy-database.test.ts
 * holds the write lock "from another process" through `@libsql/client`: it needs a second
 * connection, and what it proves is that this one waits out the busy timeout, then refuses.
 */
import { Buffer } from "node:buffer";
import { LibsqlBatchError, LibsqlError } from "@libsql/core/api";
import type {
  Client,
  Config,
  InArgs,
  InStatement,
  InValue,
  Replicated,
  ResultSet,
  Row,
  Transaction,
  TransactionMode,
} from "@libsql/core/api";
import { expandConfig, isInMemoryConfig } from "@libsql/core/config";
import { ResultSetImpl, transactionModeToBegin } from "@libsql/core/util";
import Database from "libsql";

/** Enough for every statement the app builds (lists are prepared once per filter shape). */
const STATEMENT_CACHE_SIZE = 500;

/** A statement that changes the schema: the columns cached for other statements may be stale after it. */
const SCHEMA_CHANGE = /^\s*(create|drop|alter)\b/i;

type SqlValue = null | string | number | bigint | Buffer;
type SqlArgs = SqlValue[] | Record<string, SqlValue>;

interface Prepared {
  statement: Database.Statement;
  /** Null for a statement that returns no rows. */
  columns: { names: string[]; types: string[]; Row: new (values: unknown[]) => Row } | null;
}

/**
 * Every call does its work synchronously, to the end, before its caller resumes (the engine has no
 * other way); the caller gets the result, or the error, as the promise any `Client` gives.
 */
const answer = <T>(work: () => T) => new Promise<T>((resolve) => resolve(work()));

/**
 * Opens `config.url` with one connection: a `file:` URL (`file:relative.db`, `file:/absolute.db`,
 * `file:///absolute.db`, `file::memory:`), read as `createClient` reads it.
 */
export function createLocalClient(config: Pick<Config, "url" | "timeout">): Client {
  const expanded = expandConfig({ url: config.url, timeout: config.timeout }, true);
  const authority = expanded.authority;
  if (
    expanded.scheme !== "file" ||
    (authority !== undefined &&
      ((authority.host !== "" && authority.host.toLowerCase() !== "localhost") ||
        authority.port !== undefined ||
        authority.userinfo !== undefined))
  ) {
    throw new LibsqlError(`Not a local file URL: ${JSON.stringify(config.url)}`, "URL_INVALID");
  }
  // SQLite reads an in-memory database's parameters from a URI only.
  const path = isInMemoryConfig(expanded) ? `file:${expanded.path}` : expanded.path;
  return new LocalClient(path, { timeout: expanded.timeout });
}

class LocalClient implements Client {
  closed = false;
  readonly protocol = "file";
  readonly #path: string;
  readonly #options: { timeout?: number };
  #connection: Connection;
  #transaction: LocalTransaction | null = null;

  constructor(path: string, options: { timeout?: number }) {
    this.#path = path;
    this.#options = options;
    this.#connection = new Connection(path, options);
  }

  execute(stmt: InStatement): Promise<ResultSet>;
  execute(sql: string, args?: InArgs): Promise<ResultSet>;
  execute(stmtOrSql: InStatement, args?: InArgs) {
    return answer(() => {
      const connection = this.#idle();
      const stmt = typeof stmtOrSql === "string" ? { sql: stmtOrSql, args: args ?? [] } : stmtOrSql;
      const result = connection.run(stmt);
      // A lone BEGIN must not leave the connection inside a transaction that every later call
      // would join (the original pool rolls back whatever a borrower left open).
      if (result.columns.length === 0) connection.rollbackLeftOpen();
      return result;
    });
  }

  batch(stmts: Array<InStatement | [string, InArgs?]>, mode: TransactionMode = "deferred") {
    return answer(() => {
      const connection = this.#idle();
      const normalized = stmts.map((stmt) => (Array.isArray(stmt) ? { sql: stmt[0], args: stmt[1] ?? [] } : stmt));
      try {
        connection.run(transactionModeToBegin(mode));
        const results = connection.runAll(normalized, true);
        connection.run("COMMIT");
        return results;
      } finally {
        connection.rollbackLeftOpen();
      }
    });
  }

  /** As drizzle's migrator calls it: one deferred transaction, foreign keys off while tables are rebuilt. */
  migrate(stmts: InStatement[]) {
    return answer(() => {
      const connection = this.#idle();
      connection.run("PRAGMA foreign_keys=off");
      try {
        connection.run(transactionModeToBegin("deferred"));
        const results = connection.runAll(stmts, true);
        connection.run("COMMIT");
        return results;
      } finally {
        connection.rollbackLeftOpen();
        connection.run("PRAGMA foreign_keys=on");
        connection.forgetStatements();
      }
    });
  }

  executeMultiple(sql: string) {
    return answer(() => {
      const connection = this.#idle();
      try {
        connection.exec(sql);
      } finally {
        connection.rollbackLeftOpen();
        connection.forgetStatements();
      }
    });
  }

  transaction(mode: TransactionMode = "write"): Promise<Transaction> {
    return answer(() => {
      const connection = this.#idle();
      connection.run(transactionModeToBegin(mode));
      const transaction = new LocalTransaction(connection, (settled) => {
        if (this.#transaction === settled) this.#transaction = null;
      });
      this.#transaction = transaction;
      return transaction;
    });
  }

  /** A local file has nothing to sync: the engine refuses, as it does under `@libsql/client`. */
  sync(): Promise<Replicated> {
    return answer(() => {
      const report = this.#idle().sync();
      return { frames_synced: report.frames_synced, frame_no: report.frame_no };
    });
  }

  reconnect() {
    this.close();
    this.#connection = new Connection(this.#path, this.#options);
    this.closed = false;
  }

  close() {
    this.closed = true;
    this.#transaction = null;
    this.#connection.close();
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
    // Ended by a COMMIT or ROLLBACK sent through it: settle it so it cannot reach a later one.
    this.#transaction?.close();
    return this.#connection;
  }
}

class LocalTransaction implements Transaction {
  #connection: Connection | null;
  readonly #settled: (transaction: LocalTransaction) => void;

  constructor(connection: Connection, settled: (transaction: LocalTransaction) => void) {
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
        this.#open().run("COMMIT");
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
  /** In least-recently-used order: a hit moves to the end, the first entry is the one dropped. */
  readonly #statements = new Map<string, Prepared>();

  constructor(path: string, options: { timeout?: number }) {
    this.#db = new Database(path, options);
  }

  get inTransaction() {
    // Reading `inTransaction` on a closed database aborts the process.
    return this.#db.open && this.#db.inTransaction;
  }

  run(stmt: InStatement): ResultSet {
    const sql = typeof stmt === "string" ? stmt : stmt.sql;
    const args = typeof stmt === "string" ? [] : argsToSql(stmt.args);
    if (!this.#db.open) throw new LibsqlError("The client is closed", "CLIENT_CLOSED");
    try {
      const prepared = this.#prepare(sql);
      if (prepared.columns) {
        const raw = prepared.statement.all(args) as unknown[][];
        // Another connection's schema change re-prepares the statement underneath us (SELECT *).
        if (raw.length > 0 && raw[0]!.length !== prepared.columns.names.length) {
          this.#statements.delete(sql);
          return this.run(stmt);
        }
        const { names, types, Row } = prepared.columns;
        const rows = raw.map((values) => new Row(valuesFromSql(values)));
        // Each answer has its own arrays: callers may sort or push onto them.
        return new ResultSetImpl(names.slice(), types.slice(), rows, 0, undefined);
      }
      const info = prepared.statement.run(args);
      if (SCHEMA_CHANGE.test(sql)) this.forgetStatements();
      return new ResultSetImpl([], [], [], info.changes, BigInt(info.lastInsertRowid));
    } catch (e) {
      throw fromSqliteError(e);
    }
  }

  /** The statements of a batch, inside the transaction the caller began; a failure names its statement. */
  runAll(stmts: InStatement[], checkOpen: boolean): ResultSet[] {
    const results: ResultSet[] = [];
    for (const [i, stmt] of stmts.entries()) {
      try {
        if (checkOpen && !this.#db.inTransaction) {
          throw new LibsqlBatchError("The transaction has been rolled back", i, "TRANSACTION_CLOSED");
        }
        results.push(this.run(stmt));
      } catch (e) {
        if (e instanceof LibsqlError && !(e instanceof LibsqlBatchError)) {
          throw new LibsqlBatchError(
            e.message,
            i,
            e.code,
            e.extendedCode,
            e.rawCode,
            e.cause instanceof Error ? e.cause : undefined,
          );
        }
        throw e;
      }
    }
    return results;
  }

  exec(sql: string) {
    try {
      this.#db.exec(sql);
    } catch (e) {
      throw fromSqliteError(e);
    }
  }

  sync() {
    return this.#db.sync() as { frames_synced: number; frame_no: number };
  }

  rollbackLeftOpen() {
    if (this.inTransaction) this.run("ROLLBACK");
  }

  forgetStatements() {
    this.#statements.clear();
  }

  close() {
    this.#statements.clear();
    if (this.#db.open) this.#db.close();
  }

  #prepare(sql: string): Prepared {
    const cached = this.#statements.get(sql);
    if (cached) {
      this.#statements.delete(sql);
      this.#statements.set(sql, cached);
      return cached;
    }
    const statement = this.#db.prepare(sql);
    statement.safeIntegers(true);
    let columns: Prepared["columns"] = null;
    if (statement.reader) {
      statement.raw(true);
      const definitions = statement.columns();
      const names = definitions.map((column) => column.name);
      columns = { names, types: definitions.map((column) => column.type ?? ""), Row: rowClass(names) };
    }
    const prepared = { statement, columns };
    this.#statements.set(sql, prepared);
    if (this.#statements.size > STATEMENT_CACHE_SIZE) {
      this.#statements.delete(this.#statements.keys().next().value!);
    }
    return prepared;
  }
}

/**
 * A row's values, read by index through its class's prototype (`Array.prototype.slice.call(row)`,
 * as drizzle maps rows) and invisible to `Object.keys`, spreading and JSON, as the original's
 * non-enumerable indices are.
 */
class RowValues {
  readonly #values: unknown[];
  constructor(values: unknown[]) {
    this.#values = values;
  }
  static at(row: RowValues, index: number) {
    return row.#values[index];
  }
}

/**
 * The row class for one statement's columns. Its named properties are the ones the original's
 * row-building leaves own and enumerable (first column wins; a column called `length` or after an
 * index never shows), found by running that algorithm once on the column positions, so a row is
 * built by plain assignment instead of two `defineProperty` calls per cell.
 */
function rowClass(names: string[]): new (values: unknown[]) => Row {
  const positions = names.map((_, i) => i);
  const template = rowLikeOriginal(positions, names);
  const fields = Object.keys(template).map((name) => ({ name, at: template[name] as number }));
  const assignable = fields.filter(({ name }) => !isIndexLike(name, names.length));
  const defined = fields.filter(({ name }) => isIndexLike(name, names.length));

  class LocalRow extends RowValues {
    constructor(values: unknown[]) {
      super(values);
      const self = this as unknown as Record<string, unknown>;
      for (const { name, at } of assignable) self[name] = values[at];
      for (const { name, at } of defined) {
        Object.defineProperty(this, name, { value: values[at], enumerable: true, configurable: true, writable: true });
      }
    }
  }
  for (let i = 0; i < names.length; i++) {
    Object.defineProperty(LocalRow.prototype, i, {
      get(this: RowValues) {
        return RowValues.at(this, i);
      },
    });
  }
  Object.defineProperty(LocalRow.prototype, "length", { value: names.length });
  return LocalRow as unknown as new (values: unknown[]) => Row;
}

/** A name plain assignment cannot give a row: an index its prototype reads, or `__proto__`. */
const isIndexLike = (name: string, count: number) =>
  name === "__proto__" || (String(Number(name)) === name && Number(name) >= 0 && Number(name) < count);

/** `@libsql/client`'s own row-building (sqlite3.js `rowFromSql`), run once per statement on positions. */
function rowLikeOriginal(values: number[], names: string[]) {
  const row: Record<string, unknown> = {};
  Object.defineProperty(row, "length", { value: values.length });
  for (const [i, name] of names.entries()) {
    Object.defineProperty(row, i, { value: values[i] });
    if (!Object.hasOwn(row, name)) {
      Object.defineProperty(row, name, { value: values[i], enumerable: true, configurable: true, writable: true });
    }
  }
  return row;
}

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** In place: integers as numbers (intMode "number"), blobs as ArrayBuffer. */
function valuesFromSql(values: unknown[]) {
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (typeof value === "bigint") {
      if (value < MIN_SAFE || value > MAX_SAFE) {
        throw new RangeError("Received integer which cannot be safely represented as a JavaScript number");
      }
      values[i] = Number(value);
    } else if (value instanceof Buffer) {
      values[i] = value.buffer;
    }
  }
  return values;
}

/** As sqlite3.js `executeStmt`: named arguments lose their leading `@`, `$` or `:`. */
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

/** sqlite3.js `valueToSql` with intMode "number". */
function valueToSql(value: InValue | undefined): SqlValue {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) {
      throw new RangeError("Only finite numbers (not Infinity or NaN) can be passed as arguments");
    }
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

/** sqlite3.js `mapSqliteError`: the base code ("SQLITE_BUSY"), the extended one, the engine's message. */
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
