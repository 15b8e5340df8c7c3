/**
 * Everything the member wrote or owns, as one JSON document (their chat files as the addresses that
 * serve them, to the member alone). Of other members it holds only what
 * the member sees of them in the app anyway: names on their friendships, requests and chats.
 * Credentials (password hash, Google id, sessions) never leave the server.
 */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { attachmentUrl } from "@core/attachment-rules";
import type { Db } from "@db/client";
import {
  blocks,
  chatParticipants,
  chats,
  messages,
  payments,
  profiles,
  projectJoinRequests,
  projects,
  reports,
  users,
} from "@db/schema";
import { nameOf } from "../people/names";

export async function exportAccount(db: Db, userId: string) {
  const [account] = await db
    .select({
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      hasPassword: sql<boolean>`${users.passwordHash} IS NOT NULL`.mapWith(Boolean),
      googleLinked: sql<boolean>`${users.googleId} IS NOT NULL`.mapWith(Boolean),
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  const ownProjects = await db
    .select()
    .from(projects)
    .where(eq(projects.userId, userId))
    .orderBy(asc(projects.createdAt));

  const sentRequests = await db
    .select({
      projectId: projectJoinRequests.projectId,
      projectTitle: projects.title,
      status: projectJoinRequests.status,
      createdAt: projectJoinRequests.createdAt,
      updatedAt: projectJoinRequests.updatedAt,
    })
    .from(projectJoinRequests)
    .innerJoin(projects, eq(projects.id, projectJoinRequests.projectId))
    .where(eq(projectJoinRequests.userId, userId))
    .orderBy(asc(projectJoinRequests.createdAt));
  const receivedRequests = await db.all<{
    projectId: string;
    projectTitle: string;
    fromMemberId: string;
    fromName: string;
    status: string;
    createdAt: number;
  }>(sql`
    SELECT r.project_id AS projectId, p.title AS projectTitle, r.user_id AS fromMemberId,
      ${nameOf("pr")} AS fromName, r.status, r.created_at AS createdAt
    FROM project_join_requests r
    JOIN projects p ON p.id = r.project_id
    LEFT JOIN profiles pr ON pr.id = r.user_id
    WHERE p.user_id = ${userId}
    ORDER BY r.created_at`);

  const friendships = await db.all<{
    memberId: string;
    name: string;
    status: string;
    direction: "sent" | "received";
    createdAt: number;
  }>(sql`
    SELECT CASE WHEN f.user_id = ${userId} THEN f.friend_id ELSE f.user_id END AS memberId,
      ${nameOf("pr")} AS name, f.status,
      CASE WHEN f.user_id = ${userId} THEN 'sent' ELSE 'received' END AS direction, f.created_at AS createdAt
    FROM friends f
    LEFT JOIN profiles pr ON pr.id = CASE WHEN f.user_id = ${userId} THEN f.friend_id ELSE f.user_id END
    WHERE f.user_id = ${userId} OR f.friend_id = ${userId}
    ORDER BY f.created_at`);

  const memberships = await db
    .select({
      id: chats.id,
      isGroup: chats.isGroup,
      title: chats.title,
      description: chats.description,
      role: chatParticipants.role,
      joinedAt: chatParticipants.createdAt,
    })
    .from(chatParticipants)
    .innerJoin(chats, eq(chats.id, chatParticipants.chatId))
    .where(and(eq(chatParticipants.userId, userId), sql`${chatParticipants.leftAt} IS NULL`))
    .orderBy(asc(chatParticipants.createdAt));
  const chatIds = memberships.map((chat) => chat.id);
  const [members, ownMessages, ownFiles] = chatIds.length
    ? await Promise.all([
        db.all<{ chatId: string; name: string }>(sql`
          SELECT p.chat_id AS chatId, ${nameOf("pr")} AS name
          FROM chat_participants p LEFT JOIN profiles pr ON pr.id = p.user_id
          WHERE p.chat_id IN (SELECT value FROM json_each(${JSON.stringify(chatIds)})) AND p.left_at IS NULL
          ORDER BY p.created_at`),
        db
          .select({ id: messages.id, chatId: messages.chatId, content: messages.content, sentAt: messages.createdAt })
          .from(messages)
          .where(
            and(
              inArray(messages.chatId, chatIds),
              eq(messages.senderId, userId),
              eq(messages.messageType, "text"),
              isNull(messages.deletedAt),
            ),
          )
          .orderBy(asc(messages.chatId), asc(messages.seq)),
        // The files the member's messages carry, each with the address that serves it to them.
        db.all<{ messageId: number; id: string; name: string; contentType: string; size: number }>(sql`
          SELECT a.message_id AS messageId, a.id, a.name, a.content_type AS contentType, a.size
          FROM message_attachments a JOIN messages m ON m.id = a.message_id
          WHERE m.sender_id = ${userId} AND m.deleted_at IS NULL
            AND m.chat_id IN (SELECT value FROM json_each(${JSON.stringify(chatIds)}))
          ORDER BY a.message_id, a.position`),
      ])
    : [[], [], []];
  const filesOf = new Map<number, typeof ownFiles>();
  for (const file of ownFiles) filesOf.set(file.messageId, [...(filesOf.get(file.messageId) ?? []), file]);

  const ownPayments = await db
    .select({
      amount: payments.amount,
      currency: payments.currency,
      status: payments.status,
      paidAt: payments.paidAt,
      refundedAt: payments.refundedAt,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(asc(payments.createdAt));

  const blocked = await db
    .select({ memberId: blocks.blockedId, name: nameOf("profiles"), blockedAt: blocks.createdAt })
    .from(blocks)
    .leftJoin(profiles, eq(profiles.id, blocks.blockedId))
    .where(eq(blocks.blockerId, userId))
    .orderBy(asc(blocks.createdAt));
  // What the member reported and why; not the reported words, which may be another member's.
  const filedReports = await db
    .select({
      about: reports.targetKind,
      reason: reports.reason,
      details: reports.details,
      status: reports.status,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .where(eq(reports.reporterId, userId))
    .orderBy(asc(reports.createdAt));

  return {
    exportedAt: new Date(),
    account: account ?? null,
    profile: profile ?? null,
    projects: ownProjects,
    joinRequests: { sent: sentRequests, received: receivedRequests },
    friendships,
    chats: memberships.map((chat) => ({
      ...chat,
      members: members.filter((m) => m.chatId === chat.id).map((m) => m.name),
      myMessages: ownMessages
        .filter((m) => m.chatId === chat.id)
        .map(({ id, content, sentAt }) => ({
          content,
          sentAt,
          files: (filesOf.get(id) ?? []).map(({ id: fileId, name, contentType, size }) => ({
            name,
            contentType,
            size,
            url: attachmentUrl(fileId),
          })),
        })),
    })),
    payments: ownPayments,
    blocked,
    reports: filedReports,
  };
}
