import { eq, sql, type SQL } from "drizzle-orm";
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

const countWhere = (condition: SQL) => sql`(select count(*) from ${projects} where ${condition})`;

/**
 * The dashboard's figures over all projects, in one statement that never reads the table:
 * each count walks one index range ((status, members) or (category, status, …)), and the member
 * sum walks the (status, members) index once. Separate counts beat a GROUP BY here, because a
 * bare count over an index range skips decoding the entries.
 */
export async function dashboardStats(db: Db): Promise<DashboardStats> {
  const figures = [
    countWhere(eq(projects.status, "open")),
    countWhere(eq(projects.status, "completed")),
    countWhere(eq(projects.status, "in_progress")),
    sql`(select coalesce(sum(${projects.members}), 0) from ${projects})`,
    ...DASHBOARD_CATEGORIES.map((category) => countWhere(eq(projects.category, category))),
  ];
  const columns = figures.map((figure, i) => sql`${figure} as ${sql.identifier(`f${i}`)}`);
  const row = await db.get<Record<string, unknown>>(sql`select ${sql.join(columns, sql`, `)}`);
  const [active, completed, inProgress, teamMembers, ...categories] = figures.map((_, i) => Number(row[`f${i}`]));
  return {
    active: active!,
    completed: completed!,
    inProgress: inProgress!,
    teamMembers: teamMembers!,
    categories: Object.fromEntries(
      DASHBOARD_CATEGORIES.map((category, i) => [category, categories[i]!]),
    ) as DashboardStats["categories"],
  };
}
