import type { Db } from "@db/client";
import { getTableColumns } from "drizzle-orm";
import { DASHBOARD_CATEGORIES } from "@core/project-rules";
import { projectCounts } from "@db/schema";

export interface DashboardStats {
  active: number;
  completed: number;
  inProgress: number;
  teamMembers: number;
  categories: Record<(typeof DASHBOARD_CATEGORIES)[number], number>;
}

type Category = keyof DashboardStats["categories"];
const isDashboardCategory = (category: string): category is Category =>
  (DASHBOARD_CATEGORIES as readonly string[]).includes(category);

/** Built once per database: every dashboard visit asks it. */
const countsQueries = new WeakMap<Db, ReturnType<typeof prepareCounts>>();

const prepareCounts = (db: Db) => db.select(getTableColumns(projectCounts)).from(projectCounts).prepare();

/**
 * The dashboard's figures over all projects, from the counts the database keeps beside them
 * (`project_counts`, maintained by triggers in the same statement as every write): a few dozen
 * rows, whatever the number of projects, and as exact as counting them.
 */
export async function dashboardStats(db: Db): Promise<DashboardStats> {
  let query = countsQueries.get(db);
  if (!query) countsQueries.set(db, (query = prepareCounts(db)));
  const stats: DashboardStats = {
    active: 0,
    completed: 0,
    inProgress: 0,
    teamMembers: 0,
    categories: Object.fromEntries(
      DASHBOARD_CATEGORIES.map((category) => [category, 0]),
    ) as DashboardStats["categories"],
  };
  for (const row of await query.all()) {
    if (row.status === "open") stats.active += row.projects;
    else if (row.status === "completed") stats.completed += row.projects;
    else if (row.status === "in_progress") stats.inProgress += row.projects;
    stats.teamMembers += row.members;
    if (isDashboardCategory(row.category)) stats.categories[row.category] += row.projects;
  }
  return stats;
}
