/**
 * What an administrator does with a report: dismiss it, or remove what it reports (a message then
 * reads 'Removed by a moderator'; a project is deleted). Each is one batch with its audit row.
 */
import { TRPCError } from "@trpc/server";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { CONTENT_GONE, NOTHING_TO_REMOVE, REPORT_CLOSED } from "@core/safety-rules";
import { reports } from "@db/schema";
import { auditRow, type Administrator } from "./audit";

const REPORT_NOT_FOUND = "This report does not exist.";

async function reportById(db: Db, reportId: string) {
  const [report] = await db.select().from(reports).where(eq(reports.id, reportId));
  if (!report) throw new TRPCError({ code: "NOT_FOUND", message: REPORT_NOT_FOUND });
  return report;
}

export async function dismissReport(db: Db, admin: Administrator, reportId: string, reason: string) {
  const report = await reportById(db, reportId);
  const open = sql`EXISTS (SELECT 1 FROM reports WHERE id = ${reportId} AND status = 'open')`;
  const [audited] = await db.batch([
    auditRow(db, admin, { action: "dismiss", memberId: report.targetMemberId, reportId, reason }, open),
    db.run(sql`UPDATE reports SET status = 'dismissed', resolved_at = ${Date.now()}
      WHERE id = ${reportId} AND status = 'open'`),
  ]);
  if (audited.length === 0) throw new TRPCError({ code: "CONFLICT", message: REPORT_CLOSED });
}

/**
 * Takes down the reported message or project; every open report of it is settled with it. The
 * message keeps its place in the chat, its words gone.
 */
export async function removeReportedContent(db: Db, admin: Administrator, reportId: string, reason: string) {
  const report = await reportById(db, reportId);
  if (report.targetKind === "member") throw new TRPCError({ code: "BAD_REQUEST", message: NOTHING_TO_REMOVE });
  const [action, present, remove] =
    report.targetKind === "message"
      ? ([
          "remove_message",
          sql`EXISTS (SELECT 1 FROM messages WHERE id = ${Number(report.targetId)} AND message_type = 'text')`,
          sql`UPDATE messages SET message_type = 'removed', content = ''
            WHERE id = ${Number(report.targetId)} AND message_type = 'text'`,
        ] as const)
      : ([
          "remove_project",
          sql`EXISTS (SELECT 1 FROM projects WHERE id = ${report.targetId})`,
          // Its join requests go with it (foreign key ON DELETE CASCADE).
          sql`DELETE FROM projects WHERE id = ${report.targetId}`,
        ] as const);
  const entry = { action, memberId: report.targetMemberId, reportId, targetId: report.targetId, reason };
  const [audited] = await db.batch([
    auditRow(db, admin, entry, present),
    db.run(sql`UPDATE reports SET status = 'actioned', resolved_at = ${Date.now()}
      WHERE target_kind = ${report.targetKind} AND target_id = ${report.targetId} AND status = 'open' AND ${present}`),
    db.run(remove),
  ]);
  if (audited.length === 0) throw new TRPCError({ code: "CONFLICT", message: CONTENT_GONE });
  return { kind: report.targetKind, targetId: report.targetId };
}
