import { asc, and, gte, lt, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "@db/client";

/** The most words of a search that reach the index; more only slows the query down. */
const MAX_TERMS = 8;

/**
 * The words of what a member typed, as FTS5's unicode61 tokenizer splits them (letters and
 * digits), so quotes, `%`, `*`, `-`, `NEAR` or `OR` in the text are plain words or nothing.
 */
export const searchWords = (text: string) => text.match(/[\p{L}\p{M}\p{N}]+/gu)?.slice(0, MAX_TERMS) ?? [];

/** A word as the index stores it (`remove_diacritics 2`, lower case), to find the indexed words it begins. */
export const indexedForm = (word: string) => word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

const quoted = (word: string) => `"${word.replaceAll('"', '""')}"`;

/**
 * An FTS5 query that cannot be a syntax error: every word quoted. The last word matches every
 * word it begins, so results follow the member while they type: as the whole indexed words in
 * `lastWordBegins` when given, which FTS5 pages through newest first, else as an FTS5 prefix.
 */
export function toFtsQuery(words: string[], lastWordBegins: string[] | null): string {
  const last = words.at(-1)!;
  const lastTerm = lastWordBegins ? `(${lastWordBegins.map(quoted).join(" OR ")})` : `${quoted(last)}*`;
  // FTS5 reads words side by side as AND, but not beside a group in parentheses: AND says it.
  return [...words.slice(0, -1).map(quoted), lastTerm].join(" AND ");
}

/**
 * The most indexed words a search's last word may stand for. A word begins few others; a letter or
 * two may begin hundreds, which FTS5's own prefix matching serves better than so long an OR.
 */
const MAX_WORDS_BEGUN = 32;

type WordsTable = SQLiteTable & { word: SQLiteColumn };

/**
 * Reads a table of every word an FTS5 index holds (kept by triggers beside it): the indexed words a
 * prefix begins, or null when there are none or too many to list. Its statement is prepared once
 * per database.
 */
export function wordsBegunIn(table: WordsTable) {
  const prepared = new WeakMap<Db, ReturnType<typeof prepare>>();
  const prepare = (db: Db) =>
    db
      .select({ word: table.word })
      .from(table)
      .where(and(gte(table.word, sql.placeholder("from")), lt(table.word, sql.placeholder("to"))))
      .orderBy(asc(table.word))
      .limit(MAX_WORDS_BEGUN + 1)
      .prepare();
  return async (db: Db, prefix: string) => {
    let query = prepared.get(db);
    if (!query) prepared.set(db, (query = prepare(db)));
    const from = indexedForm(prefix);
    // Words compare as UTF-8 bytes; the highest code point sorts after every word that begins with `from`.
    const rows = (await query.all({ from, to: `${from}\u{10FFFF}` })) as { word: string }[];
    return rows.length > 0 && rows.length <= MAX_WORDS_BEGUN ? rows.map((row) => row.word) : null;
  };
}
