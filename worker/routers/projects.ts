import { TRPCError } from "@trpc/server";
import { z } from "zod";
import {
  DELETE_NOT_OWNER,
  EDIT_NOT_OWNER,
  FREE_PLAN_LIMIT_REACHED,
  PROJECTS_PAGE_SIZE,
  RECENT_PROJECTS,
} from "@core/project-rules";
import { ownedProject } from "../projects/access";
import { editableFields, listInput, projectFields, projectId } from "../projects/inputs";
import { InvalidCursorError, listProjects } from "../projects/listing";
import { memberFigures, recentProjects } from "../projects/member";
import { insertWithinPlan } from "../projects/plan-limit";
import { projectWithOwner, removeProject, updateProject } from "../projects/project";
import { dashboardStats } from "../projects/stats";
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

  byId: protectedProcedure
    .input(z.object({ id: projectId }))
    .query(({ ctx, input }) => projectWithOwner(ctx.db, input.id, ctx.user.id)),

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
      await updateProject(ctx.db, ctx.user.id, id, fields);
      return { id };
    }),

  remove: protectedProcedure.input(z.object({ id: projectId })).mutation(async ({ ctx, input }) => {
    await ownedProject(ctx.db, input.id, ctx.user.id, DELETE_NOT_OWNER);
    await removeProject(ctx, input.id);
    return { id: input.id };
  }),
});
