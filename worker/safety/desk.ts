/**
 * The moderation desk's reading side: reports of one status, newest first, each with what it
 * reports in context (the message among the ones around it, the project, the profile), who
 * reported it, and how many reports name the same member.
 */
import { sql } from "drizzle-orm";
import type { Db } from "@db/client";
import type { MessageType } from "@core/enums";
import { CARD_DESCRIPTION_LENGTH } from "@core/project-rules";
import type { ReportStatus } from "@core/enums";
import type { ReportReason, ReportTarget } from "@core/safety-rules";
import { nameOf } from "../people/names";

export const REPORTS_PAGE_SIZE = 10;
/** Messages shown on each side of a reported one. */
const AROUND = 2;

export interface ReportCursor {
  createdAt: number;
  id: string;
}

interface ReportRow {
  id: string;
  target_kind: ReportTarget;
  target_id: string;
  target_member_id: string;
  reason: ReportReason;
  details: string | null;
  excerpt: string;
  status: ReportStatus;
  created_at: number;
  resolved_at: number | null;
  reporter_id: string;
  reporter_name: string;
  reporter_email: string | null;
  member_name: string;
  member_email: string | null;
  member_suspended_at: number | null;
  reports_against: number;
}

interface ContextMessageRow {
  id: number;
  chat_id: string;
  seq: number;
  sender_id: string;
  sender_name: string;
  content: string;
  message_type: MessageType;
  created_at: number;
  deleted_at: number | null;
  /** The names of the files it carries, in order, as a JSON array. */
  files: string;
}

/** The reported message and the ones around it in its chat, or null once the chat is gone. */
async function messageContext(db: Db, messageId: number) {
  // `all`, not `get`: drizzle's `get` fails on a raw statement that finds no row.
  const [chat] = await db.all<{ id: string; title: string | null; is_group: number; seq: number }>(sql`
    SELECT c.id, c.title, c.is_group, m.seq FROM messages m JOIN chats c ON c.id = m.chat_id WHERE m.id = ${messageId}`);
  if (!chat) return null;
  const rows = await db.all<ContextMessageRow>(sql`
    SELECT m.id, m.chat_id, m.seq, m.sender_id, ${nameOf("pr")} AS sender_name, m.content, m.message_type, m.created_at,
      m.deleted_at, (SELECT json_group_array(a.name ORDER BY a.position) FROM message_attachments a
        WHERE a.message_id = m.id) AS files
    FROM messages m LEFT JOIN profiles pr ON pr.id = m.sender_id
    WHERE m.chat_id = ${chat.id} AND m.seq BETWEEN ${chat.seq - AROUND} AND ${chat.seq + AROUND}
    ORDER BY m.seq`);
  return {
    kind: "message" as const,
    chat: { id: chat.id, title: chat.title, isGroup: Boolean(chat.is_group) },
    messages: rows.map((row) => ({
      id: row.id,
      senderId: row.sender_id,
      senderName: row.sender_name,
      content: row.content,
      messageType: row.message_type,
      createdAt: new Date(row.created_at),
      deleted: row.deleted_at !== null,
      files: JSON.parse(row.files) as string[],
      reported: row.id === messageId,
    })),
  };
}

async function projectContext(db: Db, projectId: string) {
  const [project] = await db.all<{ id: string; title: string; description: string; status: string; category: string }>(
    sql`SELECT id, title, substr(description, 1, ${CARD_DESCRIPTION_LENGTH}) AS description, status, category
      FROM projects WHERE id = ${projectId}`,
  );
  return project ? { kind: "project" as const, project } : null;
}

async function memberContext(db: Db, memberId: string) {
  const [profile] = await db.all<{ bio: string | null; specialization: string | null; avatar_url: string | null }>(
    sql`SELECT bio, specialization, avatar_url FROM profiles WHERE id = ${memberId}`,
  );
  return profile
    ? {
        kind: "member" as const,
        profile: { bio: profile.bio, specialization: profile.specialization, avatarUrl: profile.avatar_url },
      }
    : null;
}

function contextOf(db: Db, row: ReportRow) {
  switch (row.target_kind) {
    case "message":
      return messageContext(db, Number(row.target_id));
    case "project":
      return projectContext(db, row.target_id);
    case "member":
      return memberContext(db, row.target_id);
  }
}

/** One page of reports of this status, newest first (served by the status, time index). */
export async function listReports(db: Db, status: ReportStatus, cursor: ReportCursor | null) {
  const rows = await db.all<ReportRow>(sql`
    SELECT r.id, r.target_kind, r.target_id, r.target_member_id, r.reason, r.details, r.excerpt, r.status,
      r.created_at, r.resolved_at, r.reporter_id, ${nameOf("rp")} AS reporter_name, ru.email AS reporter_email,
      ${nameOf("tp")} AS member_name, tu.email AS member_email, tu.suspended_at AS member_suspended_at,
      (SELECT count(*) FROM reports x WHERE x.target_member_id = r.target_member_id) AS reports_against
    FROM reports r
    LEFT JOIN users ru ON ru.id = r.reporter_id LEFT JOIN profiles rp ON rp.id = r.reporter_id
    LEFT JOIN users tu ON tu.id = r.target_member_id LEFT JOIN profiles tp ON tp.id = r.target_member_id
    WHERE r.status = ${status}
      ${cursor ? sql`AND (r.created_at, r.id) < (${cursor.createdAt}, ${cursor.id})` : sql``}
    ORDER BY r.created_at DESC, r.id DESC
    LIMIT ${REPORTS_PAGE_SIZE + 1}`);
  const page = rows.slice(0, REPORTS_PAGE_SIZE);
  const contexts = await Promise.all(page.map((row) => contextOf(db, row)));
  const items = page.map((row, i) => ({
    id: row.id,
    targetKind: row.target_kind,
    targetId: row.target_id,
    reason: row.reason,
    details: row.details,
    excerpt: row.excerpt,
    status: row.status,
    createdAt: new Date(row.created_at),
    resolvedAt: row.resolved_at === null ? null : new Date(row.resolved_at),
    reporter: { id: row.reporter_id, name: row.reporter_name, email: row.reporter_email },
    member: {
      id: row.target_member_id,
      name: row.member_name,
      email: row.member_email,
      suspended: row.member_suspended_at !== null,
      reports: row.reports_against,
    },
    context: contexts[i] ?? null,
  }));
  const last = items.at(-1);
  const nextCursor: ReportCursor | null =
    rows.length > REPORTS_PAGE_SIZE && last ? { createdAt: last.createdAt.getTime(), id: last.id } : null;
  return { items, nextCursor };
}
