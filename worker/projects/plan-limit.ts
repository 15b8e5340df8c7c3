import { and, count, eq, getTableColumns, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@db/client";
import { FREE_PLAN_PROJECT_LIMIT } from "@core/enums";
import { profiles, projects, type Project } from "@db/schema";

/**
 * Inserts the project only if its owner may own one more: Pro, or under the free plan's limit.
 * Check and insert are one statement (INSERT … SELECT from the owner's profile row, kept only
 * when the condition holds), so simultaneous creates cannot all pass the count; an interactive
 * transaction would instead need a second connection that a concurrent writer finds locked.
 * Returns false when the plan refused it.
 */
export async function insertWithinPlan(db: Db, project: Project): Promise<boolean> {
  const owned = db.select({ n: count() }).from(projects).where(eq(projects.userId, project.userId));
  const fields = Object.fromEntries(
    Object.entries(getTableColumns(projects)).map(([key, column]) => [
      key,
      sql`${sql.param(project[key as keyof Project], column)}`.as(column.name),
    ]),
  ) as { [K in keyof Project]: SQL.Aliased };
  const result = await db.insert(projects).select(
    db
      .select(fields)
      .from(profiles)
      .where(
        and(
          eq(profiles.id, project.userId),
          or(eq(profiles.isPro, true), lt(sql`(${owned})`, FREE_PLAN_PROJECT_LIMIT)),
        ),
      ),
  );
  return result.rowsAffected === 1;
}
