/** One project: read with its owner's card, edited and removed by its owner. */
import { TRPCError } from "@trpc/server";
import { and, eq, sql } from "drizzle-orm";
import { PROJECT_NOT_FOUND } from "@core/project-rules";
import { namedBatch } from "@db/batch";
import type { Db } from "@db/client";
import { profiles, projects, type NewProject } from "@db/schema";
import { boardTasksWhileFollowing, unlessFollowing } from "../board/figures";
import { endCallBeforeArchive } from "../calls/history";
import { closingLine, tellTeamChat, teamChatOf } from "../teams/team-chat";
import type { Context } from "../trpc";

/**
 * The board's task counts while the project's figures follow it: every task, not only the first 50
 * of each kind that the feature lists hold.
 */
export interface BoardTasks {
  done: number;
  planned: number;
  total: number;
}

/**
 * The project with its owner's name, specialization and avatar, whether the viewer owns it, and
 * the board's task counts while its figures follow the board (read in the same statement).
 */
export async function projectWithOwner(db: Db, id: string, viewerId: string) {
  const [row] = await db
    .select({
      project: projects,
      owner: {
        displayName: profiles.displayName,
        specialization: profiles.specialization,
        avatarUrl: profiles.avatarUrl,
      },
      boardTasks: sql<string | null>`${boardTasksWhileFollowing(sql`${projects.id}`)}`,
    })
    .from(projects)
    .leftJoin(profiles, eq(profiles.id, projects.userId))
    .where(eq(projects.id, id));
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: PROJECT_NOT_FOUND });
  const boardTasks = row.boardTasks === null ? null : (JSON.parse(row.boardTasks) as BoardTasks);
  return { ...row.project, owner: row.owner, isOwner: row.project.userId === viewerId, boardTasks };
}

type Figures = Pick<NewProject, "progress" | "plannedFeatures" | "pendingFeatures" | "completedFeatures">;

/**
 * Changes the project's fields, only while `ownerId` owns it. While its figures follow the board,
 * the progress and feature lists sent are left unwritten, decided in the same statement, so a form
 * opened before following was turned on cannot overwrite the board's figures.
 */
export async function updateProject(db: Db, ownerId: string, id: string, fields: Partial<NewProject>) {
  const kept = (column: keyof Figures, value: unknown) =>
    value === undefined ? undefined : unlessFollowing(sql`${projects.id}`, sql`${projects[column]}`, value);
  const list = (items: string[] | undefined) => items && JSON.stringify(items);
  await db
    .update(projects)
    .set({
      ...fields,
      progress: kept("progress", fields.progress),
      plannedFeatures: kept("plannedFeatures", list(fields.plannedFeatures)),
      pendingFeatures: kept("pendingFeatures", list(fields.pendingFeatures)),
      completedFeatures: kept("completedFeatures", list(fields.completedFeatures)),
    })
    .where(and(eq(projects.id, id), eq(projects.userId, ownerId)));
}

/**
 * Deletes the owner's project: a call in its team chat ends first, its join requests go with it
 * (foreign key ON DELETE CASCADE), and its team chat stays, read-only, with a closing line.
 */
export async function removeProject(ctx: Context & { user: { id: string } }, id: string) {
  const team = await teamChatOf(ctx.db, id, ctx.user.id);
  if (team) await endCallBeforeArchive(ctx, team.chatId);
  const { line } = await namedBatch(ctx.db, {
    line: closingLine(ctx.db, id, ctx.user.id),
    deleted: ctx.db.delete(projects).where(and(eq(projects.id, id), eq(projects.userId, ctx.user.id))),
  });
  await tellTeamChat(ctx, line);
}
