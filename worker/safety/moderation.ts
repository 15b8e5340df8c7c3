/**
 * What an administrator does with a report: dismiss it, or remove what it reports (a message then
 * reads 'Removed by a moderator'; a project is deleted). Each is one batch with its audit row.
 */
import { TRPCError } from "@trpc/server";
import { eq, sql, type SQL } from "drizzle-orm";
import { namedBatch } from "@db/batch";
import type { Db } from "@db/client";
import { chatPushTag, pushBodyOf } from "@core/push-rules";
import { CONTENT_GONE, NOTHING_TO_REMOVE, REMOVED_BY_MODERATOR, REPORT_CLOSED } from "@core/safety-rules";
import { messages, reports } from "@db/schema";
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
  const { audited } = await namedBatch(db, {
    audited: auditRow(db, admin, { action: "dismiss", memberId: report.targetMemberId, reportId, reason }, open),
    dismissed: db.run(sql`UPDATE reports SET status = 'dismissed', resolved_at = ${Date.now()}
      WHERE id = ${reportId} AND status = 'open'`),
  });
  if (audited.length === 0) throw new TRPCError({ code: "CONFLICT", message: REPORT_CLOSED });
}

/** The reported message's chat and words, while it is there. */
async function messageOf(db: Db, messageId: number) {
  const [message] = await db
    .select({ chatId: messages.chatId, content: messages.content })
    .from(messages)
    .where(eq(messages.id, messageId));
  return message ?? null;
}

/**
 * A push of the message not sent yet says it was removed instead of its words: a chat's push
 * carries its newest message's first line (worker/push/message-push.ts), under the chat's tag.
 */
const rewordPushes = (db: Db, message: { chatId: string; content: string }, removable: SQL) =>
  db.run(sql`UPDATE push_outbox SET payload = json_set(payload, '$.body', ${REMOVED_BY_MODERATOR})
    WHERE next_attempt_at IS NOT NULL AND json_extract(payload, '$.tag') = ${chatPushTag(message.chatId)}
      AND json_extract(payload, '$.body') = ${pushBodyOf(message.content)} AND ${removable}`);

/**
 * Takes down the reported message or project; every open report of it is settled with it. The
 * message keeps its place in the chat, its words gone, from its pushes still waiting too.
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
  const message = report.targetKind === "message" ? await messageOf(db, Number(report.targetId)) : null;
  const entry = { action, memberId: report.targetMemberId, reportId, targetId: report.targetId, reason };
  const { audited } = await namedBatch(db, {
    audited: auditRow(db, admin, entry, present),
    reports: db.run(sql`UPDATE reports SET status = 'actioned', resolved_at = ${Date.now()}
      WHERE target_kind = ${report.targetKind} AND target_id = ${report.targetId} AND status = 'open' AND ${present}`),
    pushes: message ? [rewordPushes(db, message, present)] : [],
    removed: db.run(remove),
  });
  if (audited.length === 0) throw new TRPCError({ code: "CONFLICT", message: CONTENT_GONE });
  return { kind: report.targetKind, targetId: report.targetId };
}
