/** The most words of a search that reach the index; more only slows the query down. */
const MAX_TERMS = 8;

/**
 * Turns what a member typed into an FTS5 query that cannot be a syntax error: only the words
 * (letters and digits, as FTS5's unicode61 tokenizer splits them) survive, each one quoted, so
 * quotes, `%`, `*`, `-`, `NEAR` or `OR` in the text are plain words or nothing. The last word
 * matches as a prefix, so results follow the member while they type. Null when no word is left.
 */
export function toFtsQuery(text: string): string | null {
  const words = text.match(/[\p{L}\p{M}\p{N}]+/gu)?.slice(0, MAX_TERMS);
  if (!words?.length) return null;
  return words.map((word, i) => `"${word}"${i === words.length - 1 ? "*" : ""}`).join(" ");
}
