/**
 * Find people: members who show in search, by name and skill words and by filters, newest listed
 * first, one index range per page. With words or filters the page is read from the members' postings
 * (the filters as their one facet word, so the index hands out only members who match all of them);
 * with neither, from member_search by its key. Never the caller, never a member who turned
 * 'Show me in search' off (they have no row to find), never a member on the other side of a block.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@db/client";
import { CARD_SKILLS } from "@core/discovery-rules";
import { nameOf } from "./names";
import { notBlockedBetween } from "../reach/reach";
import { searchWords } from "@core/search-words";
import { groupsOf, pageOf } from "../search/postings";
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

/** The members' words (migration 0020): a document is the member's `seq` in `member_search`. */
const peopleWords = { postings: "people_postings", words: "people_search_words" };

export async function searchPeople(db: Db, memberId: string, query: PeopleSearch, limit: number, cursor?: string) {
  const before = cursor ? seqOf(cursor) : null;
  const words = searchWords(query.search ?? "");
  const facet = facetWord(query);
  // Never the caller, never across a block: tested as the page is walked, so a page is full.
  const shown = [sql`s.member_id <> ${memberId}`, notBlockedBetween(memberId, sql`s.member_id`)];
  let page: SQL;
  if (words.length || facet) {
    // The filters are one word of the index (`#` and the facet word), walked first when it is rarer.
    const groups = await groupsOf(db, peopleWords, words, facet ? [`#${facet}`] : []);
    if (!groups) return { items: [], nextCursor: null };
    page = pageOf({
      index: peopleWords,
      groups,
      before,
      join: sql`JOIN member_search s ON s.seq = p.doc`,
      where: shown,
      limit: limit + 1,
    });
  } else {
    const after = before === null ? [] : [sql`s.seq < ${before}`];
    page = sql`SELECT s.seq AS doc FROM member_search s WHERE ${sql.join([...shown, ...after], sql` AND `)}
      ORDER BY s.seq DESC LIMIT ${limit + 1}`;
  }
  const rows = await db.all<PersonRow>(sql`
    SELECT s.seq, p.id, ${nameOf("p")} AS name, p.avatar_url, p.specialization, p.region, p.skills,
      p.open_to_join, f.id AS request_id, f.status AS friend_status, f.user_id AS requester_id,
      CASE WHEN f.status = 'accepted' THEN u.email END AS email
    FROM (${page}) found
    JOIN member_search s ON s.seq = found.doc
    JOIN profiles p ON p.id = s.member_id
    LEFT JOIN friends f ON f.pair_key = min(${memberId}, p.id) || ' ' || max(${memberId}, p.id)
    LEFT JOIN users u ON u.id = p.id
    ORDER BY found.doc DESC`);
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
