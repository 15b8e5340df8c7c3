import type { Client } from "@libsql/client";
import { DASHBOARD_CATEGORIES } from "../core/project-rules";
import type { DashboardStats } from "../worker/projects/stats";

/**
 * The dashboard's figures counted the slow way, from every project row: what the maintained
 * counts must equal after any mix of writes.
 */
export async function countedStats(db: Client): Promise<DashboardStats> {
  const count = async (where: string, args: string[] = []) => {
    const { rows } = await db.execute({ sql: `SELECT count(*) AS n FROM projects WHERE ${where}`, args });
    return Number(rows[0]!.n);
  };
  const { rows } = await db.execute("SELECT coalesce(sum(members), 0) AS n FROM projects");
  return {
    active: await count("status = 'open'"),
    completed: await count("status = 'completed'"),
    inProgress: await count("status = 'in_progress'"),
    teamMembers: Number(rows[0]!.n),
    categories: Object.fromEntries(
      await Promise.all(DASHBOARD_CATEGORIES.map(async (c) => [c, await count("category = ?", [c])])),
    ) as DashboardStats["categories"],
  };
}
