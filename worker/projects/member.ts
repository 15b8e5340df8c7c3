/**
 * The signed-in member's own side of projects: what they own and joined, and who waits for their
 * answer. Each is one statement over the member's own rows, so its cost follows what the member
 * has, never the size of the site.
 */
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { FREE_PLAN_PROJECT_LIMIT } from "@core/enums";
import { profiles, projectJoinRequests, projects } from "@db/schema";
import { cardColumn, joinedProjectIds, ownerNotSuspended } from "./listing";

export interface MemberFigures {
  /** Projects the member owns. */
  owned: number;
  /** Projects whose team accepted the member. */
  joined: number;
  /** Join requests on the member's projects waiting for their answer. */
  waiting: number;
  /** How many projects the member's plan allows; null when unlimited (Pro). */
  limit: number | null;
}

/**
 * The three counts and the plan in one statement: the owned count walks the owner index, the
 * joined count the member's requests, and the waiting count the member's projects, each joined
 * to its requests by the (project, member) index.
 */
export async function memberFigures(db: Db, memberId: string): Promise<MemberFigures> {
  const owned = db.select({ n: count() }).from(projects).where(eq(projects.userId, memberId));
  const joined = db
    .select({ n: count() })
    .from(projectJoinRequests)
    .where(and(eq(projectJoinRequests.userId, memberId), eq(projectJoinRequests.status, "accepted")));
  const waiting = db
    .select({ n: count() })
    .from(projects)
    .innerJoin(projectJoinRequests, eq(projectJoinRequests.projectId, projects.id))
    .where(and(eq(projects.userId, memberId), eq(projectJoinRequests.status, "pending")));
  const [row] = await db
    .select({
      owned: sql<number>`(${owned})`.mapWith(Number),
      joined: sql<number>`(${joined})`.mapWith(Number),
      waiting: sql<number>`(${waiting})`.mapWith(Number),
      isPro: profiles.isPro,
    })
    .from(profiles)
    .where(eq(profiles.id, memberId));
  // A missing profile is tolerated (spec §4): such a member owns nothing and may create nothing.
  if (!row) return { owned: 0, joined: 0, waiting: 0, limit: FREE_PLAN_PROJECT_LIMIT };
  return {
    owned: row.owned,
    joined: row.joined,
    waiting: row.waiting,
    limit: row.isPro ? null : FREE_PLAN_PROJECT_LIMIT,
  };
}

/**
 * The member's newest projects, owned or joined, each marked which. The IN list holds the
 * member's newest owned ones and every joined one (a handful), each project read by its key.
 */
export async function recentProjects(db: Db, memberId: string, limit: number) {
  const newestOwned = db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.userId, memberId))
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(limit);
  const candidates = db
    .select({ id: sql<string>`id` })
    .from(newestOwned.as("newest_owned"))
    .unionAll(joinedProjectIds(db, memberId));
  const rows = await db
    .select({ card: cardColumn, userId: projects.userId })
    .from(projects)
    .where(and(inArray(projects.id, candidates), ownerNotSuspended))
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(limit);
  return rows.map(({ card, userId }) => ({ ...card, joined: userId !== memberId }));
}

/** How many waiting requests the dashboard lists at once; the count says how many there are. */
export const WAITING_REQUESTS_SHOWN = 10;

/** Join requests on the member's projects waiting for an answer, oldest first (first come, first answered). */
export function waitingRequests(db: Db, ownerId: string) {
  return db
    .select({
      id: projectJoinRequests.id,
      userId: projectJoinRequests.userId,
      displayName: profiles.displayName,
      avatarUrl: profiles.avatarUrl,
      projectId: projects.id,
      projectTitle: projects.title,
      sentAt: projectJoinRequests.updatedAt,
    })
    .from(projects)
    .innerJoin(projectJoinRequests, eq(projectJoinRequests.projectId, projects.id))
    .leftJoin(profiles, eq(profiles.id, projectJoinRequests.userId))
    .where(and(eq(projects.userId, ownerId), eq(projectJoinRequests.status, "pending")))
    .orderBy(asc(projectJoinRequests.updatedAt), asc(projectJoinRequests.id))
    .limit(WAITING_REQUESTS_SHOWN);
}
