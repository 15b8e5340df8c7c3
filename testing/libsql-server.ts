/**
 * A stand-in for a libSQL server (Turso) that tests start on a free port: the Hrana v2 HTTP
 * pipeline that `@libsql/client` speaks to `http://` and `libsql://` URLs, over a local database
 * file, with the auth-token check. Each stream (a baton) owns one connection, as on the real
 * server, so a batch's BEGIN … COMMIT and an interactive transaction behave as they do at the edge.
 */
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import Database from "libsql";
import { BUSY_TIMEOUT_MS } from "../db/client";

type Value =
  | { type: "null" }
  | { type: "integer"; value: string }
  | { type: "float"; value: number }
  | { type: "text"; value: string }
  | { type: "blob"; base64: string };

interface Stmt {
  sql?: string;
  sql_id?: number;
  args?: Value[];
  named_args?: { name: string; value: Value }[];
  want_rows?: boolean;
}

type Condition =
  | { type: "ok" | "error"; step: number }
  | { type: "not"; cond: Condition }
  | { type: "and" | "or"; conds: Condition[] }
  | { type: "is_autocommit" };

type Request =
  | { type: "close" }
  | { type: "execute"; stmt: Stmt }
  | { type: "batch"; batch: { steps: { condition?: Condition; stmt: Stmt }[] } }
  | { type: "sequence"; sql?: string; sql_id?: number }
  | { type: "store_sql"; sql_id: number; sql: string }
  | { type: "close_sql"; sql_id: number }
  | { type: "get_autocommit" };

/** One client stream: its own connection, and the SQL texts it stored to refer to by id. */
interface Stream {
  db: Database.Database;
  sqls: Map<number, string>;
}

interface StmtResult {
  cols: { name: string; decltype: string | null }[];
  rows: Value[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
}

/** Streams left idle this long are closed, as the real server does, so a lost client frees its lock. */
const STREAM_IDLE_MS = 10_000;

class HranaError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

function toSql(value: Value): unknown {
  switch (value.type) {
    case "null":
      return null;
    case "integer":
      return BigInt(value.value);
    case "float":
      return value.value;
    case "text":
      return value.value;
    case "blob":
      return Buffer.from(value.base64, "base64");
  }
}

function fromSql(value: unknown): Value {
  if (value === null || value === undefined) return { type: "null" };
  if (typeof value === "bigint") return { type: "integer", value: String(value) };
  if (typeof value === "number") return { type: "float", value };
  if (typeof value === "string") return { type: "text", value };
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
    const bytes =
      value instanceof ArrayBuffer ? Buffer.from(value) : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    return { type: "blob", base64: bytes.toString("base64") };
  }
  throw new HranaError(`cannot encode ${typeof value}`, "UNSUPPORTED_TYPE");
}

function sqlOf(stream: Stream, text: { sql?: string; sql_id?: number }) {
  const sql = text.sql ?? (text.sql_id === undefined ? undefined : stream.sqls.get(text.sql_id));
  if (sql === undefined) throw new HranaError("SQL text not found", "SQL_NOT_FOUND");
  return sql;
}

function execute(stream: Stream, stmt: Stmt): StmtResult {
  const sql = sqlOf(stream, stmt);
  try {
    const prepared = stream.db.prepare(sql);
    prepared.safeIntegers(true);
    const args = stmt.named_args?.length
      ? Object.fromEntries(stmt.named_args.map(({ name, value }) => [name.replace(/^[:@$]/, ""), toSql(value)]))
      : (stmt.args ?? []).map(toSql);
    if (prepared.reader) {
      prepared.raw(true);
      const cols = prepared.columns().map((c) => ({ name: c.name, decltype: c.type ?? null }));
      const rows = (prepared.all(args) as unknown[][]).map((row) => row.map(fromSql));
      return { cols, rows, affected_row_count: 0, last_insert_rowid: null };
    }
    const info = prepared.run(args);
    return { cols: [], rows: [], affected_row_count: info.changes, last_insert_rowid: String(info.lastInsertRowid) };
  } catch (error) {
    if (error instanceof HranaError) throw error;
    const e = error as Error & { code?: string };
    throw new HranaError(e.message, e.code ?? "SQLITE_ERROR");
  }
}

function holds(
  condition: Condition | undefined,
  results: (StmtResult | null)[],
  errors: unknown[],
  db: Database.Database,
): boolean {
  if (!condition) return true;
  switch (condition.type) {
    case "ok":
      return results[condition.step] != null;
    case "error":
      return errors[condition.step] != null;
    case "not":
      return !holds(condition.cond, results, errors, db);
    case "and":
      return condition.conds.every((c) => holds(c, results, errors, db));
    case "or":
      return condition.conds.some((c) => holds(c, results, errors, db));
    case "is_autocommit":
      return !db.inTransaction;
  }
}

const errorOf = (error: unknown) =>
  error instanceof HranaError
    ? { message: error.message, code: error.code }
    : { message: String(error), code: "INTERNAL" };

function respond(stream: Stream, request: Request) {
  const { db } = stream;
  switch (request.type) {
    case "execute":
      return { type: "execute", result: execute(stream, request.stmt) };
    case "batch": {
      const results: (StmtResult | null)[] = [];
      const errors: ({ message: string; code: string } | null)[] = [];
      for (const step of request.batch.steps) {
        if (!holds(step.condition, results, errors, db)) {
          results.push(null);
          errors.push(null);
          continue;
        }
        try {
          results.push(execute(stream, step.stmt));
          errors.push(null);
        } catch (error) {
          results.push(null);
          errors.push(errorOf(error));
        }
      }
      return { type: "batch", result: { step_results: results, step_errors: errors } };
    }
    case "sequence":
      db.exec(sqlOf(stream, request));
      return { type: "sequence" };
    case "store_sql":
      stream.sqls.set(request.sql_id, request.sql);
      return { type: "store_sql" };
    case "close_sql":
      stream.sqls.delete(request.sql_id);
      return { type: "close_sql" };
    case "get_autocommit":
      return { type: "get_autocommit", is_autocommit: !db.inTransaction };
    case "close":
      return { type: "close" };
  }
}

export interface LibsqlServer {
  /** The URL to give `@libsql/client` (`LIBSQL_URL`). */
  url: string;
  authToken: string;
  /** Pipelines answered so far: proves the client really went through the stand-in. */
  pipelines(): number;
  /** An outage: stops answering, dropping every connection and open stream, until `restart`. */
  stop(): Promise<void>;
  /** Back on the same port, over the same file. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startLibsqlServer(
  file: string,
  authToken = randomBytes(16).toString("hex"),
): Promise<LibsqlServer> {
  const streams = new Map<string, Stream & { idle: NodeJS.Timeout }>();
  let pipelines = 0;

  const closeStream = (baton: string) => {
    const stream = streams.get(baton);
    if (!stream) return;
    clearTimeout(stream.idle);
    streams.delete(baton);
    if (stream.db.inTransaction) stream.db.exec("ROLLBACK");
    stream.db.close();
  };

  async function pipeline(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { baton?: string | null; requests: Request[] };
    pipelines++;

    let stream: Stream;
    if (body.baton) {
      const held = streams.get(body.baton);
      if (!held) return send(res, 400, { message: "Unknown or expired stream", code: "STREAM_EXPIRED" });
      clearTimeout(held.idle);
      streams.delete(body.baton);
      stream = held;
    } else {
      stream = { db: new Database(file, { timeout: BUSY_TIMEOUT_MS }), sqls: new Map() };
    }
    const { db } = stream;

    let closed = false;
    const results = body.requests.map((request) => {
      if (closed) return { type: "error", error: { message: "The stream is closed", code: "STREAM_CLOSED" } };
      try {
        const response = respond(stream, request);
        if (request.type === "close") closed = true;
        return { type: "ok", response };
      } catch (error) {
        return { type: "error", error: errorOf(error) };
      }
    });

    let baton: string | null = null;
    if (closed) {
      if (db.inTransaction) db.exec("ROLLBACK");
      db.close();
    } else {
      baton = randomBytes(12).toString("hex");
      const held = baton;
      streams.set(held, { ...stream, idle: setTimeout(() => closeStream(held), STREAM_IDLE_MS) });
    }
    send(res, 200, { baton, base_url: null, results });
  }

  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  }

  const server = createServer((req, res) => {
    if (req.headers.authorization !== `Bearer ${authToken}`) return send(res, 401, { message: "Unauthorized" });
    if (req.method === "GET" && req.url === "/v2") return send(res, 200, {});
    if (req.method === "POST" && req.url === "/v2/pipeline") {
      pipeline(req, res).catch((error: unknown) => send(res, 500, { message: String(error) }));
      return;
    }
    send(res, 404, { message: "Not found" });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  const stop = async () => {
    if (!server.listening) return;
    for (const baton of [...streams.keys()]) closeStream(baton);
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  };

  return {
    url: `http://127.0.0.1:${port}`,
    authToken,
    pipelines: () => pipelines,
    stop,
    async restart() {
      server.listen(port, "127.0.0.1");
      await once(server, "listening");
    },
    close: stop,
  };
}
