import { TRPCError } from "@trpc/server";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import {
  DELETE_NOT_OWNER,
  EDIT_NOT_OWNER,
  FREE_PLAN_LIMIT_REACHED,
  PROJECT_NOT_FOUND,
  PROJECTS_PAGE_SIZE,
  RECENT_PROJECTS,
} from "@core/project-rules";
import { namedBatch } from "@db/batch";
import { profiles, projects } from "@db/schema";
import { ownedProject } from "../projects/access";
import { editableFields, listInput, projectFields, projectId } from "../projects/inputs";
import { InvalidCursorError, listProjects } from "../projects/listing";
import { memberFigures, recentProjects } from "../projects/member";
import { insertWithinPlan } from "../projects/plan-limit";
import { dashboardStats } from "../projects/stats";
import { endCallBeforeArchive } from "../calls/history";
import { closingLine, tellTeamChat, teamChatOf } from "../teams/team-chat";
import { protectedProcedure, router } from "../trpc";

export const projectsRouter = router({
  list: protectedProcedure.input(listInput).query(({ ctx, input }) =>
    listProjects(
      ctx.db,
      {
        search: input.search,
        category: input.category,
        status: input.status,
        ownerId: input.mine ? ctx.user.id : input.ownerId,
        joinedBy: input.joined ? ctx.user.id : undefined,
      },
      input.limit ?? PROJECTS_PAGE_SIZE,
      input.cursor ?? undefined,
    ).catch((error: unknown) => {
      if (error instanceof InvalidCursorError) {
        throw new TRPCError({ code: "BAD_REQUEST", message: "This list has changed. Please reload the page." });
      }
      throw error;
    }),
  ),

  stats: protectedProcedure.query(({ ctx }) => dashboardStats(ctx.db)),

  /** The member's own figures (owned, joined, requests waiting) and their plan's project limit. */
  myStats: protectedProcedure.query(({ ctx }) => memberFigures(ctx.db, ctx.user.id)),

  /** The dashboard's Recent Projects: the member's newest, owned or joined. */
  recent: protectedProcedure.query(({ ctx }) => recentProjects(ctx.db, ctx.user.id, RECENT_PROJECTS)),

  byId: protectedProcedure.input(z.object({ id: projectId })).query(async ({ ctx, input }) => {
    const [row] = await ctx.db
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
      .where(eq(projects.id, input.id));
    if (!row) throw new TRPCError({ code: "NOT_FOUND", message: PROJECT_NOT_FOUND });
    return { ...row.project, owner: row.owner, isOwner: row.project.userId === ctx.user.id };
  }),

  create: protectedProcedure.input(projectFields).mutation(async ({ ctx, input }) => {
    const project = {
      ...input,
      id: crypto.randomUUID(),
      userId: ctx.user.id,
      budgetRange: null,
      githubUrl: null,
      demoUrl: null,
      projectGoals: null,
      challenges: null,
      lessonsLearned: null,
      // Whole milliseconds, set here: the list cursor compares created_at exactly.
      createdAt: new Date(),
    };
    if (!(await insertWithinPlan(ctx.db, project))) {
      throw new TRPCError({ code: "FORBIDDEN", message: FREE_PLAN_LIMIT_REACHED });
    }
    return { id: project.id };
  }),

  update: protectedProcedure
    .input(editableFields.extend({ id: projectId }))
    .mutation(async ({ ctx, input: { id, ...fields } }) => {
      await ownedProject(ctx.db, id, ctx.user.id, EDIT_NOT_OWNER);
      await ctx.db
        .update(projects)
        .set(fields)
        .where(and(eq(projects.id, id), eq(projects.userId, ctx.user.id)));
      return { id };
    }),

  remove: protectedProcedure.input(z.object({ id: projectId })).mutation(async ({ ctx, input }) => {
    await ownedProject(ctx.db, input.id, ctx.user.id, DELETE_NOT_OWNER);
    const team = await teamChatOf(ctx.db, input.id, ctx.user.id);
    if (team) await endCallBeforeArchive(ctx, team.chatId);
    // Its join requests go with it (foreign key ON DELETE CASCADE); its team chat stays, read-only.
    const { line } = await namedBatch(ctx.db, {
      line: closingLine(ctx.db, input.id, ctx.user.id),
      deleted: ctx.db.delete(projects).where(and(eq(projects.id, input.id), eq(projects.userId, ctx.user.id))),
    });
    await tellTeamChat(ctx, line);
    return { id: input.id };
  }),
});
