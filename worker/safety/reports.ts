/**
 * Filing a report. What is reported is read once, for whom it is against and its words as they are
 * now (the desk shows them even after the thing is gone); one member reports one thing once.
 */
import { TRPCError } from "@trpc/server";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@db/client";
import { MEMBER_NOT_FOUND } from "@core/friend-rules";
import { PROJECT_NOT_FOUND } from "@core/project-rules";
import {
  CANNOT_REPORT_OWN,
  CANNOT_REPORT_YOURSELF,
  MESSAGE_GONE,
  type ReportReason,
  type ReportTarget,
} from "@core/safety-rules";
import { chatParticipants, messages, profiles, projects, reports, users } from "@db/schema";
import { nameOf } from "../people/names";

export type ReportedThing =
  | { kind: "member"; memberId: string }
  | { kind: "project"; projectId: string }
  | { kind: "message"; messageId: number };

interface Target {
  kind: ReportTarget;
  id: string;
  memberId: string;
  excerpt: string;
}

const notFound = (message: string) => new TRPCError({ code: "NOT_FOUND", message });

/** The member, with their name as others see it. */
async function memberTarget(db: Db, reporterId: string, memberId: string): Promise<Target> {
  if (memberId === reporterId) throw new TRPCError({ code: "BAD_REQUEST", message: CANNOT_REPORT_YOURSELF });
  const [row] = await db
    .select({ name: nameOf("profiles") })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, memberId));
  if (!row) throw notFound(MEMBER_NOT_FOUND);
  return { kind: "member", id: memberId, memberId, excerpt: row.name };
}

/** Any member may see any project, so any may report one but its owner. */
async function projectTarget(db: Db, reporterId: string, projectId: string): Promise<Target> {
  const [row] = await db
    .select({ ownerId: projects.userId, title: projects.title })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!row) throw notFound(PROJECT_NOT_FOUND);
  if (row.ownerId === reporterId) throw new TRPCError({ code: "BAD_REQUEST", message: CANNOT_REPORT_OWN });
  return { kind: "project", id: projectId, memberId: row.ownerId, excerpt: row.title };
}

/** A member's words in a chat the reporter is in; to anyone else the message does not exist. */
async function messageTarget(db: Db, reporterId: string, messageId: number): Promise<Target> {
  const [row] = await db
    .select({ senderId: messages.senderId, content: messages.content })
    .from(messages)
    .innerJoin(
      chatParticipants,
      and(
        eq(chatParticipants.chatId, messages.chatId),
        eq(chatParticipants.userId, reporterId),
        isNull(chatParticipants.leftAt),
      ),
    )
    .where(and(eq(messages.id, messageId), eq(messages.messageType, "text")));
  if (!row) throw notFound(MESSAGE_GONE);
  if (row.senderId === reporterId) throw new TRPCError({ code: "BAD_REQUEST", message: CANNOT_REPORT_OWN });
  return { kind: "message", id: String(messageId), memberId: row.senderId, excerpt: row.content };
}

function targetOf(db: Db, reporterId: string, thing: ReportedThing) {
  switch (thing.kind) {
    case "member":
      return memberTarget(db, reporterId, thing.memberId);
    case "project":
      return projectTarget(db, reporterId, thing.projectId);
    case "message":
      return messageTarget(db, reporterId, thing.messageId);
  }
}

/** Stores the report; the same thing reported again by the same member keeps the first report. */
export async function fileReport(
  db: Db,
  reporterId: string,
  report: { target: ReportedThing; reason: ReportReason; details: string | null },
) {
  const target = await targetOf(db, reporterId, report.target);
  await db
    .insert(reports)
    .values({
      id: crypto.randomUUID(),
      reporterId,
      targetKind: target.kind,
      targetId: target.id,
      targetMemberId: target.memberId,
      reason: report.reason,
      details: report.details,
      excerpt: target.excerpt,
    })
    .onConflictDoNothing({ target: [reports.reporterId, reports.targetKind, reports.targetId] });
}
