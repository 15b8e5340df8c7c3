/** The most words of a search that reach the index; more only slows the query down. */
const MAX_TERMS = 8;

/** A run of letters and digits: a word as FTS5's unicode61 tokenizer splits text. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * The words of what a member typed, as FTS5's unicode61 tokenizer splits them (letters and
 * digits), so quotes, `%`, `*`, `-`, `NEAR` or `OR` in the text are plain words or nothing.
 */
export const searchWords = (text: string, most = MAX_TERMS) => text.match(WORD)?.slice(0, most) ?? [];

/** A word as the index stores it (`remove_diacritics 2`, lower case), to find the indexed words it begins. */
export const indexedForm = (word: string) => word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/**
 * `text` in runs, each saying whether a search for `query` matched it: the words the index took
 * for the query's words, the last one as the start of a longer word, case and accents aside.
 */
export function matchedRuns(text: string, query: string) {
  const words = searchWords(query).map(indexedForm);
  const last = words.pop();
  if (last === undefined) return [{ text, matched: false }];
  const runs: { text: string; matched: boolean }[] = [];
  let from = 0;
  for (const found of text.matchAll(WORD)) {
    const word = indexedForm(found[0]);
    if (!words.includes(word) && !word.startsWith(last)) continue;
    if (found.index > from) runs.push({ text: text.slice(from, found.index), matched: false });
    runs.push({ text: found[0], matched: true });
    from = found.index + found[0].length;
  }
  if (from < text.length) runs.push({ text: text.slice(from), matched: false });
  return runs;
}
