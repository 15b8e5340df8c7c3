/**
 * Rows of a prepared select, read by a function built once for its selection.
 *
 * drizzle's own `.all()` maps every cell through its general mapper: it works out the cell's
 * decoder anew (`is()` checks against Column, SQL and Subquery), walks the cell's path into the
 * result, and copies the row through its index getters first. On the first page of projects
 * (25 rows of 14 columns), whose rows the local client answers from memory, that was most of what
 * the request cost above HTTP and tRPC: reading the page through `rowMapper` took a fifth to a
 * quarter off the Node host's CPU per request. The decoding is drizzle's own, found once per field: a column's
 * `mapFromDriverValue`, the decoder an SQL expression was given with `.mapWith()`, null kept as
 * null, and blobs as Buffers; db/row-mapper.test.ts holds it to `.all()`'s answers.
 */
import { Column, is, SQL, type DriverValueDecoder } from "drizzle-orm";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";

/** A flat selection: what `db.select(fields)` takes, one level deep. */
export type FlatSelection = Record<string, Column | SQL | SQL.Aliased>;

/** An SQL expression keeps the decoder `.mapWith()` gave it, outside drizzle's typings. */
const sqlDecoder = (expression: SQL) =>
  (expression as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder;

function decoderOf(field: Column | SQL | SQL.Aliased): DriverValueDecoder<unknown, unknown> {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return sqlDecoder(field);
  return sqlDecoder(field.sql);
}

/** drizzle's `normalizeFieldValue`: a blob comes back as a Buffer. */
const normalized = (value: unknown) =>
  value instanceof ArrayBuffer && !(value instanceof Buffer) ? Buffer.from(value) : value;

/**
 * Maps rows as `.values()` returns them (cells by position, in the selection's order) to what
 * `.all()` would return for the same selection. Cells after the selection's are left alone: a
 * query may select more behind it (a page's cursor).
 */
export function rowMapper<F extends FlatSelection>(fields: F) {
  const keys = Object.keys(fields);
  const decoders = keys.map((key) => decoderOf(fields[key]!));
  return (rows: unknown[]): SelectResultFields<F>[] =>
    (rows as ArrayLike<unknown>[]).map((row) => {
      const mapped: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const value = row[i];
        mapped[keys[i]!] = value === null ? null : decoders[i]!.mapFromDriverValue(normalized(value));
      }
      return mapped as SelectResultFields<F>;
    });
}
