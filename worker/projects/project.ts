/** One project: read with its owner's card, edited and removed by its owner. */
import { TRPCError } from "@trpc/server";
import { and, eq } from "drizzle-orm";
import { PROJECT_NOT_FOUND } from "@core/project-rules";
import { namedBatch } from "@db/batch";
import type { Db } from "@db/client";
import { profiles, projects, type NewProject } from "@db/schema";
import { endCallBeforeArchive } from "../calls/history";
import { closingLine, tellTeamChat, teamChatOf } from "../teams/team-chat";
import type { Context } from "../trpc";

/** The project with its owner's name, specialization and avatar, and whether the viewer owns it. */
export async function projectWithOwner(db: Db, id: string, viewerId: string) {
  const [row] = await db
    .select({
      project: projects,
      owner: {
        displayName: profiles.displayName,
        specialization: profiles.specialization,
        avatarUrl: profiles.avatarUrl,
      },
    })
    .from(projects)
    .leftJoin(profiles, eq(profiles.id, projects.userId))
    .where(eq(projects.id, id));
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: PROJECT_NOT_FOUND });
  return { ...row.project, owner: row.owner, isOwner: row.project.userId === viewerId };
}

/** Changes the project's fields, only while `ownerId` owns it. */
export async function updateProject(db: Db, ownerId: string, id: string, fields: Partial<NewProject>) {
  await db
    .update(projects)
    .set(fields)
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
