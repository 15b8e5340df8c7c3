/**
 * Requests to join a project: asking (again), the owner's answer, leaving the team, and the
 * 'Project Joined' notice. Every change is one conditional write, with its notification and the
 * team chat's change in the same batch, so a race or a block between the two is decided there.
 */
import { TRPCError } from "@trpc/server";
import { and, asc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { PROJECT_NOT_FOUND } from "@core/project-rules";
import { YOU_BLOCKED } from "@core/safety-rules";
import { namedBatch } from "@db/batch";
import type { Db } from "@db/client";
import { isForeignKeyViolation, isUniqueViolation } from "@db/errors";
import { profiles, projectJoinRequests, projects, type JoinRequest, type Project } from "@db/schema";
import { JUST_WRITTEN, notificationStatements, settleNotification, tellNotified } from "../notifications/write";
import type { PushSenders } from "../push/outbox";
import { blockBetween, notBlockedBetween } from "../reach/reach";
import { joinTeamChat, leaveTeamChat, tellTeamChat } from "../teams/team-chat";
import { ownedProject } from "./access";

const NOT_YOUR_PROJECT = "You can only manage join requests for your own projects.";
const REQUEST_NOT_FOUND = "This join request no longer exists.";
const REQUEST_NOT_PENDING = "This join request has already been answered.";
export const ALREADY_PENDING = "You have already requested to join this project.";
export const NOT_MEMBER = "You are not a member of this project.";
const REQUEST_RACED = "Your request changed while it was being sent. Please try again.";

type Ctx = PushSenders & { user: { id: string } };

/** A project's team (accepted) or waiting requests (pending), with who sent them, as a statement. */
const requestsWithProfiles = (db: Db, projectId: string, status: "pending" | "accepted", ...also: SQL[]) =>
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
    .where(and(eq(projectJoinRequests.projectId, projectId), eq(projectJoinRequests.status, status), ...also))
    .orderBy(asc(projectJoinRequests.updatedAt));

const myRequestQuery = (db: Db, projectId: string, userId: string) =>
  db
    .select()
    .from(projectJoinRequests)
    .where(and(eq(projectJoinRequests.projectId, projectId), eq(projectJoinRequests.userId, userId)));

/** The member's own request to join the project, whatever its status; null when they never asked. */
export async function myRequest(db: Db, projectId: string, userId: string) {
  const [request] = await myRequestQuery(db, projectId, userId);
  return request ?? null;
}

/**
 * What the project page shows of its team, in one round trip: the team, the caller's own request,
 * and, for the owner only, the requests waiting for an answer.
 */
export async function teamView(db: Db, projectId: string, userId: string) {
  const {
    project: [project],
    team,
    pending,
    mine: [mine],
  } = await namedBatch(db, {
    project: db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)),
    team: requestsWithProfiles(db, projectId, "accepted"),
    pending: requestsWithProfiles(
      db,
      projectId,
      "pending",
      sql`EXISTS (SELECT 1 FROM projects WHERE projects.id = ${projectId} AND projects.user_id = ${userId})`,
    ),
    mine: myRequestQuery(db, projectId, userId),
  });
  if (!project) throw new TRPCError({ code: "NOT_FOUND", message: PROJECT_NOT_FOUND });
  return { team, pending, mine: mine ? { id: mine.id, status: mine.status, seen: mine.seenAt !== null } : null };
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

/** The owner answers a pending request; accepting takes the member into the team chat too. */
export async function answerRequest(ctx: Ctx, requestId: string, status: "accepted" | "declined") {
  const { request, project } = await pendingRequestOfMyProject(ctx.db, requestId, ctx.user.id);
  const now = new Date();
  // Only one answer wins when several race: the others find it no longer pending and say so. A block
  // between the two takes the request away, checked here in the same statement.
  const answered = {
    answered: ctx.db
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
    notice: notificationStatements(ctx.db, {
      kind: status === "accepted" ? "join_accepted" : "join_declined",
      recipient: request.userId,
      actorId: ctx.user.id,
      subjectId: request.projectId,
      subjectTitle: project.title,
      eventKey: askingKey(request.id, now),
      happened: JUST_WRITTEN,
    }),
    settled: settleNotification(ctx.db, ctx.user.id, "join_request", askingKey(request.id, request.updatedAt)),
  };
  if (status === "declined") {
    const {
      answered: [declined],
      notice: [notified],
      settled,
    } = await namedBatch(ctx.db, answered);
    if (!declined) throw new TRPCError({ code: "CONFLICT", message: REQUEST_NOT_PENDING });
    tellNotified(ctx, notified, settled);
    return { id: request.id, status };
  }
  // The accepted member joins the team chat in the same transaction. 'Accepted your request' is all
  // they hear of it: joining the team's chat is part of being accepted, not a second notification.
  const {
    answered: [accepted],
    notice: [notified],
    settled,
    team,
  } = await namedBatch(ctx.db, { ...answered, team: joinTeamChat(ctx.db, project, request.userId) });
  if (!accepted) throw new TRPCError({ code: "CONFLICT", message: REQUEST_NOT_PENDING });
  tellNotified(ctx, notified, settled);
  await tellTeamChat(ctx, team.line, { type: "joined", userId: request.userId });
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

/**
 * Asks to join, or again after a decline, leaving or removal (one row per member and project,
 * reopened). The caller checked the project takes requests and the member has none pending.
 */
export async function askToJoin(ctx: Ctx, project: Project, existing: JoinRequest | null) {
  const now = new Date();
  const reachable = notBlockedBetween(ctx.user.id, project.userId);
  if (existing) {
    const {
      reopened: [reopened],
      notice: [notified],
    } = await namedBatch(ctx.db, {
      reopened: ctx.db
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
      notice: askStatements(ctx, project, existing.id, now),
    });
    if (!reopened) {
      await refuseBlocked(ctx.db, ctx.user.id, project.userId);
      // Another request of the same member reopened it first.
      throw new TRPCError({ code: "CONFLICT", message: ALREADY_PENDING });
    }
    tellNotified(ctx, notified);
    return { id: existing.id, status: "pending" as const };
  }
  const id = crypto.randomUUID();
  const {
    inserted: [inserted],
    notice: [notified],
  } = await namedBatch(ctx.db, {
    inserted: ctx.db.all<{ id: string }>(
      sql`INSERT INTO project_join_requests (id, project_id, user_id, created_at, updated_at)
        SELECT ${id}, ${project.id}, ${ctx.user.id}, ${now.getTime()}, ${now.getTime()} WHERE ${reachable}
        RETURNING id`,
    ),
    notice: askStatements(ctx, project, id, now),
  }).catch((error: unknown) => {
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
}

/** Off the team, and out of its chat in the same transaction. */
export async function leaveTeam(ctx: Ctx, request: JoinRequest) {
  const { left, team } = await namedBatch(ctx.db, {
    left: ctx.db
      .update(projectJoinRequests)
      .set({ status: "left", updatedAt: new Date() })
      .where(and(eq(projectJoinRequests.id, request.id), eq(projectJoinRequests.status, "accepted")))
      .returning({ id: projectJoinRequests.id }),
    team: leaveTeamChat(ctx.db, request.projectId, ctx.user.id),
  });
  // Removed by the owner a moment ago.
  if (left.length === 0) throw new TRPCError({ code: "BAD_REQUEST", message: NOT_MEMBER });
  await tellTeamChat(ctx, team.line, { type: "left", userId: ctx.user.id });
  return { id: request.id, status: "left" as const };
}

/** Projects that accepted the member since they last looked: each gets its 'Project Joined' notice once. */
export const unseenAcceptances = (db: Db, memberId: string) =>
  db
    .select({ projectId: projects.id, title: projects.title })
    .from(projectJoinRequests)
    .innerJoin(projects, eq(projects.id, projectJoinRequests.projectId))
    .where(
      and(
        eq(projectJoinRequests.userId, memberId),
        eq(projectJoinRequests.status, "accepted"),
        isNull(projectJoinRequests.seenAt),
      ),
    );

/** The member has been told their request was accepted: the 'Project Joined' notice shows once. */
export async function acknowledgeAcceptance(db: Db, projectId: string, memberId: string) {
  await db
    .update(projectJoinRequests)
    .set({ seenAt: new Date() })
    .where(
      and(
        eq(projectJoinRequests.projectId, projectId),
        eq(projectJoinRequests.userId, memberId),
        eq(projectJoinRequests.status, "accepted"),
        isNull(projectJoinRequests.seenAt),
      ),
    );
}
