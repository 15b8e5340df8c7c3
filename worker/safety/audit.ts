/**
 * The moderation audit log: who did what, when and why. Each action writes its row first in the
 * batch that carries it out, on the same condition as the change itself, and flips the state last:
 * every statement of the batch reads the state as it was, so an action that finds nothing to do
 * (done already, by another administrator a moment earlier) writes no row and changes nothing.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@db/client";
import type { ModerationAction } from "@core/safety-rules";
import { nameOf } from "../people/names";

export interface Administrator {
  id: string;
  email: string;
}

export interface AuditEntry {
  action: ModerationAction;
  memberId: string;
  reportId?: string | null;
  targetId?: string | null;
  reason: string;
}

/** The action's audit row, written only while `when` holds; it returns the row when it wrote one. */
export function auditRow(db: Db, admin: Administrator, entry: AuditEntry, when: SQL) {
  return db.all<{ id: number }>(sql`
    INSERT INTO moderation_actions (admin_id, admin_email, action, report_id, member_id, target_id, reason)
    SELECT ${admin.id}, ${admin.email}, ${entry.action}, ${entry.reportId ?? null}, ${entry.memberId},
      ${entry.targetId ?? null}, ${entry.reason}
    WHERE ${when}
    RETURNING id`);
}

export const AUDIT_PAGE_SIZE = 20;

interface AuditRow {
  id: number;
  admin_email: string;
  action: ModerationAction;
  report_id: string | null;
  member_id: string;
  member_name: string;
  target_id: string | null;
  reason: string;
  created_at: number;
}

/** The log, newest first, a page at a time (its ids only grow). */
export async function auditLog(db: Db, beforeId: number | null) {
  const rows = await db.all<AuditRow>(sql`
    SELECT a.id, a.admin_email, a.action, a.report_id, a.member_id, ${nameOf("p")} AS member_name, a.target_id,
      a.reason, a.created_at
    FROM moderation_actions a LEFT JOIN profiles p ON p.id = a.member_id
    ${beforeId === null ? sql`` : sql`WHERE a.id < ${beforeId}`}
    ORDER BY a.id DESC
    LIMIT ${AUDIT_PAGE_SIZE + 1}`);
  const items = rows.slice(0, AUDIT_PAGE_SIZE).map((row) => ({
    id: row.id,
    adminEmail: row.admin_email,
    action: row.action,
    reportId: row.report_id,
    member: { id: row.member_id, name: row.member_name },
    targetId: row.target_id,
    reason: row.reason,
    createdAt: new Date(row.created_at),
  }));
  return { items, nextCursor: rows.length > AUDIT_PAGE_SIZE ? items.at(-1)!.id : null };
}
