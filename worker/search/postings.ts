/**
 * Search over a postings index (migration 0020): one `(word, doc)` row per word a document holds,
 * beside a word list that counts each word's documents. A search is groups of words, and a document
 * matches when it holds a word of every group: each of the typed words but the last is a group of
 * one, and the last is the group of the words it begins. A page walks the rarest group's lists newest
 * first from the cursor (one seek each, however deep) and checks each document for the other groups
 * (one seek per word), so it reads about as many rows as it returns while the words are found
 * together, whatever the size of the site.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@db/client";
import { indexedForm } from "@core/search-words";
import { MAX_WORDS_BEGUN, wordsBegunRange } from "./query";

export interface PostingsIndex {
  /** The `(word, doc)` table. */
  postings: string;
  /** The word list, with each word's `docs`. */
  words: string;
}

/**
 * Words a matching document holds one of. A last word that begins more words than a search lists
 * one by one is their range instead: walked, its lists are read whole and sorted, as FTS5's own
 * prefix query read them; checked, each of its words is one seek.
 */
type Group = { words: string[]; docs: number } | { from: string; to: string; docs: number };

/**
 * The groups of a search, rarest first, from the typed words (letters and digits) and facet words
 * (ours, whole): one statement of the word list. Null when some group has no document: nothing can
 * match, and the page need not be asked.
 */
export async function groupsOf(db: Db, index: PostingsIndex, typed: string[], whole: string[]) {
  // One whole word alone (Find People's filters): nothing to rank, and the walk finds who holds it.
  if (typed.length === 0 && whole.length === 1) return [{ words: whole, docs: 0 }];
  const exact = [...typed.slice(0, -1).map(indexedForm), ...whole];
  const last = typed.at(-1);
  const range = last === undefined ? null : wordsBegunRange(last);
  const table = sql.identifier(index.words);
  const begun = range
    ? sql`SELECT word, docs, 1 AS begun FROM (SELECT word, docs FROM ${table}
        WHERE word >= ${range.from} AND word < ${range.to} AND docs > 0 ORDER BY word LIMIT ${MAX_WORDS_BEGUN + 1})`
    : undefined;
  const held = exact.length
    ? sql`SELECT word, docs, 0 AS begun FROM ${table} WHERE word IN ${exact} AND docs > 0`
    : undefined;
  const rows = await db.all<{ word: string; docs: number; begun: number }>(
    sql.join(
      [begun, held].filter((part): part is SQL => part !== undefined),
      sql` UNION ALL `,
    ),
  );
  const docs = new Map(rows.filter((row) => !row.begun).map((row) => [row.word, row.docs]));
  const groups: Group[] = [];
  for (const word of new Set(exact)) {
    const held = docs.get(word);
    if (held === undefined) return null;
    groups.push({ words: [word], docs: held });
  }
  if (range) {
    const listed = rows.filter((row) => row.begun);
    if (listed.length === 0) return null;
    groups.push(
      listed.length > MAX_WORDS_BEGUN
        ? { ...range, docs: Infinity }
        : { words: listed.map((row) => row.word), docs: listed.reduce((sum, row) => sum + row.docs, 0) },
    );
  }
  return groups.sort((a, b) => a.docs - b.docs);
}

interface Page {
  index: PostingsIndex;
  /** From `groupsOf`: the first is walked. */
  groups: Group[];
  /** Only documents numbered below this (the cursor). */
  before: number | null;
  /** Joins each walked posting `p` to what it stands for, and what that must be. */
  join?: SQL;
  where?: SQL[];
  limit: number;
}

/** The page's documents as `doc`, newest (highest) first: a statement to read, or to join. */
export function pageOf({ index, groups, before, join, where = [], limit }: Page): SQL {
  const postings = sql.identifier(index.postings);
  const words = sql.identifier(index.words);
  const [walked, ...checked] = groups;
  const checks = checked.map((group) =>
    "words" in group
      ? sql`EXISTS (SELECT 1 FROM ${postings} c WHERE c.word IN ${group.words} AND c.doc = p.doc)`
      : sql`EXISTS (SELECT 1 FROM ${postings} c WHERE c.doc = p.doc AND c.word IN (SELECT word FROM ${words}
          WHERE word >= ${group.from} AND word < ${group.to} AND docs > 0))`,
  );
  const conditions = [...checks, ...where, ...(before === null ? [] : [sql`p.doc < ${before}`])];
  const arm = (walk: SQL) =>
    sql`SELECT p.doc AS doc FROM ${postings} p ${join ?? sql``} WHERE ${sql.join([walk, ...conditions], sql` AND `)}`;
  if (!walked) throw new Error("A page needs a group of words to walk");
  // Each word's list is in document order: SQLite merges the arms, newest first, and stops after
  // the page. A range of words is one arm whose rows are sorted, duplicates out.
  const arms =
    "words" in walked
      ? walked.words.map((word) => arm(sql`p.word = ${word}`))
      : [sql`SELECT DISTINCT * FROM (${arm(sql`p.word >= ${walked.from} AND p.word < ${walked.to}`)})`];
  return sql`${sql.join(arms, sql` UNION `)} ORDER BY 1 DESC LIMIT ${limit}`;
}
