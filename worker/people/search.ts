/**
 * Find people: members who show in search, by name and skill words and by filters, newest listed
 * first, one index range per page. With words or filters the page is read from people_fts (the
 * filters as their one facet word, so the index hands out only members who match all of them);
 * with neither, from member_search by its key. Never the caller, never a member who turned
 * 'Show me in search' off (they have no row to find), never a member on the other side of a block.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@db/client";
import { CARD_SKILLS } from "@core/discovery-rules";
import { nameOf } from "./names";
import { notBlockedBetween } from "../reach/reach";
import { searchWords } from "@core/search-words";
import { listedWordsBegun, toFtsQuery, wordsBegunRange, MAX_WORDS_BEGUN } from "../search/query";
import { facetWord, type PeopleFilter } from "./facets";

export interface PeopleSearch extends PeopleFilter {
  search?: string;
}

export class InvalidPeopleCursorError extends Error {}

const cursorOf = (seq: number) => `m${seq}`;
function seqOf(cursor: string) {
  const match = /^m(\d{1,15})$/.exec(cursor);
  if (!match) throw new InvalidPeopleCursorError();
  return Number(match[1]);
}

interface PersonRow {
  seq: number;
  id: string;
  name: string;
  avatar_url: string | null;
  specialization: string | null;
  region: string;
  skills: string;
  open_to_join: number;
  request_id: string | null;
  friend_status: "pending" | "accepted" | null;
  requester_id: string | null;
  email: string | null;
}

type CardRelationship =
  | { status: "none"; email: null }
  | { status: "sent" | "received" | "friends"; requestId: string; email: string | null };

/** Where the caller stands with the member, as `friends.relationship` answers it. */
function relationshipOf(row: PersonRow, memberId: string): CardRelationship {
  if (!row.request_id) return { status: "none", email: null };
  if (row.friend_status === "accepted") return { status: "friends", requestId: row.request_id, email: row.email };
  return { status: row.requester_id === memberId ? "sent" : "received", requestId: row.request_id, email: null };
}

/** The indexed name and skill words `prefix` begins, or null when there are none or too many. */
async function wordsBegun(db: Db, prefix: string) {
  const { from, to } = wordsBegunRange(prefix);
  const rows = await db.all<{ word: string }>(sql`
    SELECT word FROM people_search_words WHERE word >= ${from} AND word < ${to}
    ORDER BY word LIMIT ${MAX_WORDS_BEGUN + 1}`);
  return listedWordsBegun(rows.map((row) => row.word));
}

/** The FTS5 query for the words and filters; null when there is nothing to match on. */
async function matchOf(db: Db, query: PeopleSearch) {
  const words = searchWords(query.search ?? "");
  const facet = facetWord(query);
  const parts = [];
  if (facet) parts.push(`facets : "${facet}"`);
  if (words.length) parts.push(`{name skills} : (${toFtsQuery(words, await wordsBegun(db, words.at(-1)!))})`);
  return parts.length ? parts.join(" AND ") : null;
}

export async function searchPeople(db: Db, memberId: string, query: PeopleSearch, limit: number, cursor?: string) {
  const before = cursor ? seqOf(cursor) : null;
  const match = await matchOf(db, query);
  const after = (key: SQL) => (before === null ? sql`` : sql`AND ${key} < ${before}`);
  // Either way one index is walked newest first and left after the page: people_fts hands out its
  // rowids (the seq) in that order, and member_search is keyed by the seq.
  const page: SQL = match
    ? sql`SELECT rowid AS seq FROM people_fts WHERE people_fts MATCH ${match} ${after(sql`rowid`)} ORDER BY rowid DESC`
    : sql`SELECT seq FROM member_search WHERE true ${after(sql`seq`)} ORDER BY seq DESC`;
  const rows = await db.all<PersonRow>(sql`
    SELECT s.seq, p.id, ${nameOf("p")} AS name, p.avatar_url, p.specialization, p.region, p.skills,
      p.open_to_join, f.id AS request_id, f.status AS friend_status, f.user_id AS requester_id,
      CASE WHEN f.status = 'accepted' THEN u.email END AS email
    FROM (${page}) found
    JOIN member_search s ON s.seq = found.seq
    JOIN profiles p ON p.id = s.member_id
    LEFT JOIN friends f ON f.pair_key = min(${memberId}, p.id) || ' ' || max(${memberId}, p.id)
    LEFT JOIN users u ON u.id = p.id
    WHERE s.member_id <> ${memberId} AND ${notBlockedBetween(memberId, sql`p.id`)}
    ORDER BY found.seq DESC
    LIMIT ${limit + 1}`);
  const items = rows.slice(0, limit).map((row) => {
    const skills = JSON.parse(row.skills) as string[];
    return {
      id: row.id,
      name: row.name,
      avatarUrl: row.avatar_url,
      specialization: row.specialization,
      region: row.region,
      skills: skills.slice(0, CARD_SKILLS),
      moreSkills: Math.max(0, skills.length - CARD_SKILLS),
      openToJoin: Boolean(row.open_to_join),
      relationship: relationshipOf(row, memberId),
    };
  });
  return { items, nextCursor: rows.length > limit ? cursorOf(rows[limit - 1]!.seq) : null };
}
