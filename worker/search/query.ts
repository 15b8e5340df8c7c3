import { indexedForm } from "@core/search-words";

/**
 * The most indexed words a search's last word may stand for. A word begins few others; a letter or
 * two may begin hundreds, which FTS5's own prefix matching serves better than so long an OR.
 */
export const MAX_WORDS_BEGUN = 32;

/** The indexed words `prefix` begins lie in this range (words compare as UTF-8 bytes; the highest code point sorts after them all). */
export function wordsBegunRange(prefix: string) {
  const from = indexedForm(prefix);
  return { from, to: `${from}\u{10FFFF}` };
}

/** The words a prefix begins, as `toFtsQuery` takes them: null when there are none or too many to list. */
export const listedWordsBegun = (words: string[]) =>
  words.length > 0 && words.length <= MAX_WORDS_BEGUN ? words : null;

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
