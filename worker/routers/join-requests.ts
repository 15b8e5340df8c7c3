import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { plainText } from "@core/fields";
import { findProject } from "../projects/access";
import { projectId } from "../projects/inputs";
import {
  acknowledgeAcceptance,
  ALREADY_PENDING,
  answerRequest,
  askToJoin,
  leaveTeam,
  myRequest,
  NOT_MEMBER,
  teamView,
  unseenAcceptances,
} from "../projects/join-requests";
import { waitingRequests } from "../projects/member";
import { protectedProcedure, router } from "../trpc";

const OWN_PROJECT = "You cannot request to join your own project.";
const NOT_OPEN = "This project is not open for collaboration.";
const ALREADY_MEMBER = "You are already a member of this project.";

const byProject = z.object({ projectId });
const byRequest = z.object({ requestId: plainText().min(1).max(64) });

export const joinRequestsRouter = router({
  /** The team, the caller's own request, and (for the owner) the requests waiting for an answer. */
  forProject: protectedProcedure
    .input(byProject)
    .query(({ ctx, input }) => teamView(ctx.db, input.projectId, ctx.user.id)),

  request: protectedProcedure.input(byProject).mutation(async ({ ctx, input }) => {
    const project = await findProject(ctx.db, input.projectId);
    if (project.userId === ctx.user.id) throw new TRPCError({ code: "BAD_REQUEST", message: OWN_PROJECT });
    if (project.status !== "open") throw new TRPCError({ code: "BAD_REQUEST", message: NOT_OPEN });
    const existing = await myRequest(ctx.db, project.id, ctx.user.id);
    if (existing?.status === "pending") throw new TRPCError({ code: "CONFLICT", message: ALREADY_PENDING });
    if (existing?.status === "accepted") throw new TRPCError({ code: "CONFLICT", message: ALREADY_MEMBER });
    return askToJoin(ctx, project, existing);
  }),

  accept: protectedProcedure
    .input(byRequest)
    .mutation(({ ctx, input }) => answerRequest(ctx, input.requestId, "accepted")),

  decline: protectedProcedure
    .input(byRequest)
    .mutation(({ ctx, input }) => answerRequest(ctx, input.requestId, "declined")),

  leave: protectedProcedure.input(byProject).mutation(async ({ ctx, input }) => {
    const request = await myRequest(ctx.db, input.projectId, ctx.user.id);
    if (request?.status !== "accepted") throw new TRPCError({ code: "BAD_REQUEST", message: NOT_MEMBER });
    return leaveTeam(ctx, request);
  }),

  /** Requests on the caller's projects waiting for their answer (the dashboard's list). */
  waiting: protectedProcedure.query(({ ctx }) => waitingRequests(ctx.db, ctx.user.id)),

  unseenAcceptances: protectedProcedure.query(({ ctx }) => unseenAcceptances(ctx.db, ctx.user.id)),

  acknowledge: protectedProcedure.input(byProject).mutation(async ({ ctx, input }) => {
    await acknowledgeAcceptance(ctx.db, input.projectId, ctx.user.id);
    return { projectId: input.projectId };
  }),
});
