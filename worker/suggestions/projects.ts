/**
 * 'Projects that need your skills', in one statement. The member's skills and interests (as
 * categories) become terms, weighted by how rare they are among projects (`term_counts`, kept by
 * triggers: ln(1 + projects / holders)). Each term's newest open projects come from one index range
 * of `project_terms`, read only so far, leaving out the member's own, those they asked to join or are
 * on, those whose owner is on the other side of a block (they could not ask to join) or suspended,
 * and those they dismissed; the best candidates are then scored exactly on every term, each by one
 * range of its own terms, and the top ones shown with the skills they match. Every step reads a
 * bounded number of rows (`./limits`), whatever the number of projects.
 */
import { sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { INTEREST_CATEGORIES, projectReason } from "@core/discovery-rules";
import { notBlockedBetween } from "../reach/reach";
import { notSuspended } from "../safety/suspension";
import { HOLDERS_PER_TERM, HOLDERS_READ, INTEREST_WEIGHT, RESCORED, TERMS_LOOKED_UP } from "./limits";

interface Row {
  id: string;
  title: string;
  category: string;
  status: "open";
  score: number;
  skills: string;
  category_matched: number;
}

export async function suggestedProjects(db: Db, memberId: string, shown: number) {
  const rows = await db.all<Row>(sql`
    WITH mine(term, weight) AS (
      SELECT m.term, m.factor * ln(1.0 + (SELECT coalesce(sum(projects), 0) FROM project_counts) / (1.0 + coalesce(c.projects, 0)))
      FROM (
        SELECT lower(trim(s.value)) AS term, 1.0 AS factor
          FROM profiles p, json_each(p.skills) s WHERE p.id = ${memberId} AND trim(s.value) <> ''
        UNION
        SELECT 'category:' || lower(c.value), ${INTEREST_WEIGHT}
          FROM profiles p, json_each(p.interested_projects) i, json_each(${JSON.stringify(INTEREST_CATEGORIES)}) c
          WHERE p.id = ${memberId} AND c.key = i.value AND c.value IS NOT NULL
      ) m LEFT JOIN term_counts c ON c.term = m.term
      ORDER BY 2 DESC LIMIT ${TERMS_LOOKED_UP}
    ),
    -- Each term's newest open projects, read only so far: those the member cannot be suggested are
    -- passed over among these, and the first that can are taken as they stream in (newest first).
    holders(weight, ids) AS (
      SELECT t.weight, (SELECT json_group_array(project_id) FROM (
        SELECT y.project_id FROM (
          SELECT project_id, owner_id FROM project_terms
          WHERE term = t.term AND open ORDER BY created_at DESC LIMIT ${HOLDERS_READ}) y
        WHERE y.owner_id <> ${memberId}
          AND ${notBlockedBetween(memberId, sql`y.owner_id`)} AND ${notSuspended(sql`y.owner_id`)}
          AND NOT EXISTS (SELECT 1 FROM project_join_requests r WHERE r.project_id = y.project_id AND r.user_id = ${memberId})
          AND NOT EXISTS (SELECT 1 FROM suggestion_dismissals d
            WHERE d.member_id = ${memberId} AND d.kind = 'project' AND d.subject_id = y.project_id)
        LIMIT ${HOLDERS_PER_TERM}))
      FROM mine t
    ),
    candidates(project_id, weight) AS (
      SELECT j.value, h.weight FROM holders h, json_each(h.ids) j
    ),
    best(project_id) AS (
      SELECT project_id FROM candidates GROUP BY project_id ORDER BY sum(weight) DESC LIMIT ${RESCORED}
    ),
    scored(project_id, score, skills, category_matched) AS (
      SELECT b.project_id, sum(t.weight),
        json_group_array(x.label ORDER BY t.weight DESC) FILTER (WHERE x.term NOT LIKE 'category:%'),
        max(x.term LIKE 'category:%')
      FROM best b CROSS JOIN project_terms x CROSS JOIN mine t
      WHERE x.project_id = b.project_id AND t.term = x.term
      GROUP BY b.project_id
    )
    SELECT p.id, p.title, p.category, p.status, s.score, s.skills, s.category_matched
    FROM scored s JOIN projects p ON p.id = s.project_id
    ORDER BY s.score DESC, p.created_at DESC, p.id
    LIMIT ${shown}`);
  return rows.map((row) => {
    const skills = JSON.parse(row.skills) as string[];
    return {
      id: row.id,
      title: row.title,
      category: row.category,
      reason: projectReason(skills, row.category_matched ? row.category : null),
    };
  });
}
