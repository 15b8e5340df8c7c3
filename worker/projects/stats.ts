import { count, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { DASHBOARD_CATEGORIES } from "../../db/project-rules";
import { projects } from "../../db/schema";

export interface DashboardStats {
  active: number;
  completed: number;
  inProgress: number;
  teamMembers: number;
  categories: Record<(typeof DASHBOARD_CATEGORIES)[number], number>;
}

/**
 * The dashboard's figures over all projects. Each query reads one index only, never the table:
 * (status, members) covers the per-status counts and member sums, and (category, …) the
 * per-category counts, so the cost is a walk over index entries, not over 50K rows.
 */
export async function dashboardStats(db: Db): Promise<DashboardStats> {
  const [byStatus, byCategory] = await Promise.all([
    db
      .select({
        status: projects.status,
        projects: count(),
        members: sql<number>`coalesce(sum(${projects.members}), 0)`.mapWith(Number),
      })
      .from(projects)
      .groupBy(projects.status),
    db
      .select({ category: projects.category, projects: count() })
      .from(projects)
      .where(inArray(projects.category, [...DASHBOARD_CATEGORIES]))
      .groupBy(projects.category),
  ]);
  const statusCount = (status: string) => byStatus.find((row) => row.status === status)?.projects ?? 0;
  return {
    active: statusCount("open"),
    completed: statusCount("completed"),
    inProgress: statusCount("in_progress"),
    teamMembers: byStatus.reduce((sum, row) => sum + row.members, 0),
    categories: Object.fromEntries(
      DASHBOARD_CATEGORIES.map((category) => [
        category,
        byCategory.find((row) => row.category === category)?.projects ?? 0,
      ]),
    ) as DashboardStats["categories"],
  };
}
