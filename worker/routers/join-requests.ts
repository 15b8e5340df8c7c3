import { TRPCError } from "@trpc/server";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@db/client";
import { profiles, projectJoinRequests, projects, type Project } from "@db/schema";
import { isForeignKeyViolation, isUniqueViolation } from "@db/errors";
import { PROJECT_NOT_FOUND } from "@core/project-rules";
import { YOU_BLOCKED } from "@core/safety-rules";
import { findProject, ownedProject } from "../projects/access";
import { waitingRequests } from "../projects/member";
import { projectId } from "../projects/inputs";
import { JUST_WRITTEN, notificationStatements, settleNotification, tellNotified } from "../notifications/write";
import { joinTeamChat, leaveTeamChat, tellTeamChat } from "../teams/team-chat";
import { blockBetween, notBlockedBetween } from "../safety/reach";
import { protectedProcedure, router, type Context } from "../trpc";
import { plainText } from "@core/fields";

const NOT_YOUR_PROJECT = "You can only manage join requests for your own projects.";
const REQUEST_NOT_FOUND = "This join request no longer exists.";
const REQUEST_NOT_PENDING = "This join request has already been answered.";
const OWN_PROJECT = "You cannot request to join your own project.";
const NOT_OPEN = "This project is not open for collaboration.";
const ALREADY_PENDING = "You have already requested to join this project.";
const ALREADY_MEMBER = "You are already a member of this project.";
const NOT_MEMBER = "You are not a member of this project.";
const REQUEST_RACED = "Your request changed while it was being sent. Please try again.";

const byProject = z.object({ projectId });
const byRequest = z.object({ requestId: plainText().min(1).max(64) });

type Ctx = Context & { user: { id: string } };

const requestsWithProfiles = (db: Db, projectId: string, status: "pending" | "accepted") =>
  db
    .select({
      id: projectJoinRequests.id,
      userId: projectJoinRequests.userId,
      displayName: profiles.displayName,
      specialization: profiles.specialization,
      avatarUrl: profiles.avatarUrl,
    })
    .from(projectJoinRequests)
    .leftJoin(profiles, eq(profiles.id, projectJoinRequests.userId))
    .where(and(eq(projectJoinRequests.projectId, projectId), eq(projectJoinRequests.status, status)))
    .orderBy(asc(projectJoinRequests.updatedAt));

async function myRequest(db: Db, projectId: string, userId: string) {
  const [request] = await db
    .select()
    .from(projectJoinRequests)
    .where(and(eq(projectJoinRequests.projectId, projectId), eq(projectJoinRequests.userId, userId)));
  return request ?? null;
}

/** A pending request on a project the caller owns, ready to be answered. */
async function pendingRequestOfMyProject(db: Db, requestId: string, userId: string) {
  const [request] = await db.select().from(projectJoinRequests).where(eq(projectJoinRequests.id, requestId));
  if (!request) throw new TRPCError({ code: "NOT_FOUND", message: REQUEST_NOT_FOUND });
  const project = await ownedProject(db, request.projectId, userId, NOT_YOUR_PROJECT);
  if (request.status !== "pending") throw new TRPCError({ code: "CONFLICT", message: REQUEST_NOT_PENDING });
  return { request, project };
}

/** Names one asking: a member may ask again after a decline, and each asking is its own event. */
const askingKey = (requestId: string, askedAt: Date) => `${requestId}:${askedAt.getTime()}`;

async function answer(ctx: Ctx, requestId: string, status: "accepted" | "declined") {
  const { request, project } = await pendingRequestOfMyProject(ctx.db, requestId, ctx.user.id);
  const now = new Date();
  // Only one answer wins when several race: the others find it no longer pending and say so. A block
  // between the two takes the request away, checked here in the same statement.
  const answered = [
    ctx.db
      .update(projectJoinRequests)
      .set({ status, seenAt: null, updatedAt: now })
      .where(
        and(
          eq(projectJoinRequests.id, request.id),
          eq(projectJoinRequests.status, "pending"),
          notBlockedBetween(projectJoinRequests.userId, ctx.user.id),
        ),
      )
      .returning({ id: projectJoinRequests.id }),
    ...notificationStatements(ctx.db, {
      kind: status === "accepted" ? "join_accepted" : "join_declined",
      recipient: request.userId,
      actorId: ctx.user.id,
      subjectId: request.projectId,
      subjectTitle: project.title,
      eventKey: askingKey(request.id, now),
      happened: JUST_WRITTEN,
    }),
    settleNotification(ctx.db, ctx.user.id, "join_request", askingKey(request.id, request.updatedAt)),
  ] as const;
  if (status === "declined") {
    const [[declined], notified, , settled] = await ctx.db.batch(answered);
    if (!declined) throw new TRPCError({ code: "CONFLICT", message: REQUEST_NOT_PENDING });
    tellNotified(ctx, notified, settled);
    return { id: request.id, status };
  }
  // The accepted member joins the team chat in the same transaction. 'Accepted your request' is all
  // they hear of it: joining the team's chat is part of being accepted, not a second notification.
  const [[accepted], notified, , settled, , , line] = await ctx.db.batch([
    ...answered,
    ...joinTeamChat(ctx.db, project, request.userId),
  ]);
  if (!accepted) throw new TRPCError({ code: "CONFLICT", message: REQUEST_NOT_PENDING });
  tellNotified(ctx, notified, settled);
  await tellTeamChat(ctx, line, { type: "joined", userId: request.userId });
  return { id: request.id, status };
}

/**
 * Why a request to join stored nothing although the project is there: a block between the member
 * and the owner. The blocker is told; to the blocked member the project is gone, as it is when its
 * owner has left. Returns when there is no block (another request of the same member came first).
 */
async function refuseBlocked(db: Db, memberId: string, ownerId: string) {
  const block = await blockBetween(db, memberId, ownerId);
  if (block === "mine") throw new TRPCError({ code: "FORBIDDEN", message: YOU_BLOCKED });
  if (block === "theirs") throw new TRPCError({ code: "NOT_FOUND", message: PROJECT_NOT_FOUND });
}

/** Asking to join (again): the owner hears of it with the write, and only when it happened. */
function askStatements(ctx: Ctx, project: Project, requestId: string, at: Date) {
  return notificationStatements(ctx.db, {
    kind: "join_request",
    recipient: project.userId,
    actorId: ctx.user.id,
    subjectId: project.id,
    subjectTitle: project.title,
    eventKey: askingKey(requestId, at),
    happened: JUST_WRITTEN,
  });
}

export const joinRequestsRouter = router({
  /** The team, the caller's own request, and (for the owner) the requests waiting for an answer. */
  forProject: protectedProcedure.input(byProject).query(async ({ ctx, input }) => {
    const project = await findProject(ctx.db, input.projectId);
    const isOwner = project.userId === ctx.user.id;
    const [team, pending, mine] = await Promise.all([
      requestsWithProfiles(ctx.db, project.id, "accepted"),
      isOwner ? requestsWithProfiles(ctx.db, project.id, "pending") : [],
      myRequest(ctx.db, project.id, ctx.user.id),
    ]);
    return {
      team,
      pending,
      mine: mine && { id: mine.id, status: mine.status, seen: mine.seenAt !== null },
    };
  }),

  request: protectedProcedure.input(byProject).mutation(async ({ ctx, input }) => {
    const project = await findProject(ctx.db, input.projectId);
    if (project.userId === ctx.user.id) throw new TRPCError({ code: "BAD_REQUEST", message: OWN_PROJECT });
    if (project.status !== "open") throw new TRPCError({ code: "BAD_REQUEST", message: NOT_OPEN });
    const existing = await myRequest(ctx.db, project.id, ctx.user.id);
    if (existing?.status === "pending") throw new TRPCError({ code: "CONFLICT", message: ALREADY_PENDING });
    if (existing?.status === "accepted") throw new TRPCError({ code: "CONFLICT", message: ALREADY_MEMBER });
    const now = new Date();
    const reachable = notBlockedBetween(ctx.user.id, project.userId);
    if (existing) {
      // One row per member and project: asking again after a decline, leaving or removal reopens it.
      const [[reopened], notified] = await ctx.db.batch([
        ctx.db
          .update(projectJoinRequests)
          .set({ status: "pending", seenAt: null, updatedAt: now })
          .where(
            and(
              eq(projectJoinRequests.id, existing.id),
              inArray(projectJoinRequests.status, ["declined", "left", "removed"]),
              reachable,
            ),
          )
          .returning({ id: projectJoinRequests.id }),
        ...askStatements(ctx, project, existing.id, now),
      ]);
      if (!reopened) {
        await refuseBlocked(ctx.db, ctx.user.id, project.userId);
        // Another request of the same member reopened it first.
        throw new TRPCError({ code: "CONFLICT", message: ALREADY_PENDING });
      }
      tellNotified(ctx, notified);
      return { id: existing.id, status: "pending" as const };
    }
    const id = crypto.randomUUID();
    const [[inserted], notified] = await ctx.db
      .batch([
        ctx.db.all<{ id: string }>(
          sql`INSERT INTO project_join_requests (id, project_id, user_id, created_at, updated_at)
            SELECT ${id}, ${project.id}, ${ctx.user.id}, ${now.getTime()}, ${now.getTime()} WHERE ${reachable}
            RETURNING id`,
        ),
        ...askStatements(ctx, project, id, now),
      ])
      .catch((error: unknown) => {
        // A double click: the unique (project, member) index keeps the first request only.
        if (isUniqueViolation(error)) throw new TRPCError({ code: "CONFLICT", message: ALREADY_PENDING });
        // The project went a moment ago (deleted, or its owner deleted their account).
        if (isForeignKeyViolation(error)) throw new TRPCError({ code: "NOT_FOUND", message: PROJECT_NOT_FOUND });
        throw error;
      });
    if (!inserted) {
      await refuseBlocked(ctx.db, ctx.user.id, project.userId);
      // Unblocked again between the two statements.
      throw new TRPCError({ code: "CONFLICT", message: REQUEST_RACED });
    }
    tellNotified(ctx, notified);
    return { id, status: "pending" as const };
  }),

  accept: protectedProcedure.input(byRequest).mutation(({ ctx, input }) => answer(ctx, input.requestId, "accepted")),

  decline: protectedProcedure.input(byRequest).mutation(({ ctx, input }) => answer(ctx, input.requestId, "declined")),

  /** Off the team, and out of its chat in the same transaction. */
  leave: protectedProcedure.input(byProject).mutation(async ({ ctx, input }) => {
    const request = await myRequest(ctx.db, input.projectId, ctx.user.id);
    if (request?.status !== "accepted") throw new TRPCError({ code: "BAD_REQUEST", message: NOT_MEMBER });
    const [left, line] = await ctx.db.batch([
      ctx.db
        .update(projectJoinRequests)
        .set({ status: "left", updatedAt: new Date() })
        .where(and(eq(projectJoinRequests.id, request.id), eq(projectJoinRequests.status, "accepted")))
        .returning({ id: projectJoinRequests.id }),
      ...leaveTeamChat(ctx.db, input.projectId, ctx.user.id),
    ]);
    // Removed by the owner a moment ago.
    if (left.length === 0) throw new TRPCError({ code: "BAD_REQUEST", message: NOT_MEMBER });
    await tellTeamChat(ctx, line, { type: "left", userId: ctx.user.id });
    return { id: request.id, status: "left" as const };
  }),

  /** Requests on the caller's projects waiting for their answer (the dashboard's list). */
  waiting: protectedProcedure.query(({ ctx }) => waitingRequests(ctx.db, ctx.user.id)),

  /** Projects that accepted the caller since they last looked: each gets its 'Project Joined' notice once. */
  unseenAcceptances: protectedProcedure.query(({ ctx }) =>
    ctx.db
      .select({ projectId: projects.id, title: projects.title })
      .from(projectJoinRequests)
      .innerJoin(projects, eq(projects.id, projectJoinRequests.projectId))
      .where(
        and(
          eq(projectJoinRequests.userId, ctx.user.id),
          eq(projectJoinRequests.status, "accepted"),
          isNull(projectJoinRequests.seenAt),
        ),
      ),
  ),

  /** The member has been told their request was accepted: the 'Project Joined' notice shows once. */
  acknowledge: protectedProcedure.input(byProject).mutation(async ({ ctx, input }) => {
    await ctx.db
      .update(projectJoinRequests)
      .set({ seenAt: new Date() })
      .where(
        and(
          eq(projectJoinRequests.projectId, input.projectId),
          eq(projectJoinRequests.userId, ctx.user.id),
          eq(projectJoinRequests.status, "accepted"),
          isNull(projectJoinRequests.seenAt),
        ),
      );
    return { projectId: input.projectId };
  }),
});
