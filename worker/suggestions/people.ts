/**
 * 'People you may know', in one statement. Candidates come from the member's own circle first:
 * friends of their friends (mutual friends) and the teams they own or joined (teammates), each
 * walk capped; then members who share their skills and interests, each term's newest holders from
 * one index range of `member_terms`, weighted by how rare the term is among members. Left out:
 * the member, their friends and anyone a request is pending with, members not shown in search,
 * those on the other side of a block, and those dismissed. Ties to friends and teams rank first, then what they have in common.
 */
import { sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { personReason } from "@core/discovery-rules";
import { nameOf } from "../people/names";
import { notBlockedBetween } from "../reach/reach";
import {
  FRIENDS_OF_EACH,
  FRIENDS_WALKED,
  HOLDERS_PER_TERM,
  HOLDERS_READ,
  INTEREST_WEIGHT,
  TEAMMATES_OF_EACH,
  TEAMS_WALKED,
  TERMS_LOOKED_UP,
} from "./limits";

interface Row {
  id: string;
  name: string;
  avatar_url: string | null;
  specialization: string | null;
  mutual: number;
  team: string | null;
  skills: string;
  interests: string;
}

export async function suggestedPeople(db: Db, memberId: string, shown: number) {
  const acceptedOf = (side: "user_id" | "friend_id", of: string | ReturnType<typeof sql>, limit: number) =>
    sql`SELECT rowid FROM (SELECT rowid FROM friends WHERE ${sql.raw(side)} = ${of} AND status = 'accepted' LIMIT ${limit})`;
  const rows = await db.all<Row>(sql`
    WITH my_friends(id) AS (
      SELECT CASE WHEN user_id = ${memberId} THEN friend_id ELSE user_id END FROM friends
      WHERE rowid IN (${acceptedOf("user_id", memberId, FRIENDS_WALKED)} UNION ALL ${acceptedOf("friend_id", memberId, FRIENDS_WALKED)})
      LIMIT ${FRIENDS_WALKED}
    ),
    my_teams(project_id) AS (
      SELECT project_id FROM (
        SELECT * FROM (SELECT id AS project_id FROM projects WHERE user_id = ${memberId} LIMIT ${TEAMS_WALKED})
        UNION SELECT * FROM (SELECT project_id FROM project_join_requests
          WHERE user_id = ${memberId} AND status = 'accepted' LIMIT ${TEAMS_WALKED})
      ) LIMIT ${TEAMS_WALKED}
    ),
    mine(term, label, weight) AS (
      SELECT m.term, m.label, m.factor * ln(1.0 + (SELECT coalesce(max(seq), 0) FROM member_search) / (1.0 + coalesce(c.members, 0)))
      FROM (
        SELECT lower(trim(s.value)) AS term, trim(s.value) AS label, 1.0 AS factor
          FROM profiles p, json_each(p.skills) s WHERE p.id = ${memberId} AND trim(s.value) <> ''
        UNION
        SELECT 'interest:' || lower(i.value), i.value, ${INTEREST_WEIGHT}
          FROM profiles p, json_each(p.interested_projects) i WHERE p.id = ${memberId}
      ) m LEFT JOIN term_counts c ON c.term = m.term
      ORDER BY 3 DESC LIMIT ${TERMS_LOOKED_UP}
    ),
    ties(candidate, kind, key, weight) AS (
      SELECT CASE WHEN f.user_id = m.id THEN f.friend_id ELSE f.user_id END, 'friend', m.id, 0
      FROM my_friends m JOIN friends f ON f.rowid IN (
        ${acceptedOf("user_id", sql`m.id`, FRIENDS_OF_EACH)} UNION ALL ${acceptedOf("friend_id", sql`m.id`, FRIENDS_OF_EACH)})
      UNION ALL
      SELECT r.user_id, 'team', t.project_id, 0 FROM my_teams t JOIN project_join_requests r ON r.rowid IN (
        SELECT rowid FROM project_join_requests WHERE project_id = t.project_id AND status = 'accepted' LIMIT ${TEAMMATES_OF_EACH})
      UNION ALL
      SELECT p.user_id, 'team', t.project_id, 0 FROM my_teams t JOIN projects p ON p.id = t.project_id
      UNION ALL
      SELECT y.member_id, 'term', t.term, t.weight
      FROM mine t
      JOIN member_terms y ON y.term = t.term AND y.member_id IN (
        -- Read only so far: those who cannot be suggested are passed over among these, and the
        -- first who can are taken as they stream in (newest first).
        SELECT z.member_id FROM (
          SELECT member_id FROM member_terms WHERE term = t.term ORDER BY seq DESC LIMIT ${HOLDERS_READ}) z
        WHERE z.member_id <> ${memberId}
          AND NOT EXISTS (SELECT 1 FROM friends f WHERE f.pair_key = min(${memberId}, z.member_id) || ' ' || max(${memberId}, z.member_id))
          AND ${notBlockedBetween(memberId, sql`z.member_id`)}
          AND NOT EXISTS (SELECT 1 FROM suggestion_dismissals d
            WHERE d.member_id = ${memberId} AND d.kind = 'person' AND d.subject_id = z.member_id)
        LIMIT ${HOLDERS_PER_TERM})
    ),
    ranked(candidate, mutual, teams, similarity) AS (
      SELECT candidate, count(DISTINCT CASE WHEN kind = 'friend' THEN key END) AS mutual,
        count(DISTINCT CASE WHEN kind = 'team' THEN key END) AS teams, sum(weight) AS similarity
      FROM ties
      WHERE candidate <> ${memberId}
        AND EXISTS (SELECT 1 FROM member_search s WHERE s.member_id = candidate)
        AND NOT EXISTS (SELECT 1 FROM friends f WHERE f.pair_key = min(${memberId}, candidate) || ' ' || max(${memberId}, candidate))
        AND ${notBlockedBetween(memberId, sql`candidate`)}
        AND NOT EXISTS (SELECT 1 FROM suggestion_dismissals d
          WHERE d.member_id = ${memberId} AND d.kind = 'person' AND d.subject_id = candidate)
      GROUP BY candidate
      ORDER BY mutual + teams DESC, similarity DESC, candidate
      LIMIT ${shown}
    )
    SELECT r.candidate AS id, ${nameOf("p")} AS name, p.avatar_url, p.specialization, r.mutual,
      (SELECT pr.title FROM ties t JOIN projects pr ON pr.id = t.key
        WHERE t.kind = 'team' AND t.candidate = r.candidate ORDER BY pr.created_at DESC LIMIT 1) AS team,
      (SELECT json_group_array(t.label ORDER BY t.weight DESC) FROM mine t JOIN member_terms x
        ON x.member_id = r.candidate AND x.term = t.term WHERE t.term NOT LIKE 'interest:%') AS skills,
      (SELECT json_group_array(t.label ORDER BY t.weight DESC) FROM mine t JOIN member_terms x
        ON x.member_id = r.candidate AND x.term = t.term WHERE t.term LIKE 'interest:%') AS interests
    FROM ranked r JOIN profiles p ON p.id = r.candidate
    ORDER BY r.mutual + r.teams DESC, r.similarity DESC, r.candidate`);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    avatarUrl: row.avatar_url,
    specialization: row.specialization,
    reason: personReason({
      mutualFriends: row.mutual,
      sharedTeam: row.team,
      sharedSkills: JSON.parse(row.skills) as string[],
      sharedInterests: JSON.parse(row.interests) as string[],
    }),
  }));
}
