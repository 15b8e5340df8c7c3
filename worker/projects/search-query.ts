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
