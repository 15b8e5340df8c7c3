import { z } from "zod";
import { REPORT_STATUSES } from "@core/enums";
import { plainText } from "@core/fields";
import {
  MAX_MODERATION_REASON_LENGTH,
  MODERATION_REASON_REQUIRED,
  MODERATION_REASON_TOO_LONG,
} from "@core/safety-rules";
import { auditLog } from "../safety/audit";
import { listReports } from "../safety/desk";
import { dismissReport, removeReportedContent } from "../safety/moderation";
import { reinstateMember, suspendMember } from "../safety/suspension";
import { adminProcedure, router, sudoProcedure, type Context } from "../trpc";

const id = plainText().trim().min(1).max(64);
/** Why the administrator acts: required, and kept in the audit log. */
const reason = plainText(MODERATION_REASON_REQUIRED)
  .trim()
  .min(1, MODERATION_REASON_REQUIRED)
  .max(MAX_MODERATION_REASON_LENGTH, MODERATION_REASON_TOO_LONG);
const onReport = z.object({ reportId: id, reason });

const administrator = (ctx: Context & { user: { id: string; email: string } }) => ({
  id: ctx.user.id,
  email: ctx.user.email,
});

/**
 * The moderation desk. Every procedure here answers 404 to anyone but an administrator; removing,
 * suspending and reinstating also need sudo mode (`sudoProcedure`).
 */
export const adminRouter = router({
  /** Reports of one status, newest first, each with its content in context. */
  reports: adminProcedure
    .input(
      z.object({
        status: z.enum(REPORT_STATUSES).default("open"),
        cursor: z.object({ createdAt: z.number(), id }).nullish(),
      }),
    )
    .query(({ ctx, input }) => listReports(ctx.db, input.status, input.cursor ?? null)),

  /** Every action taken at the desk, newest first. */
  auditLog: adminProcedure
    .input(z.object({ cursor: z.number().int().positive().nullish() }))
    .query(({ ctx, input }) => auditLog(ctx.db, input.cursor ?? null)),

  dismiss: adminProcedure.input(onReport).mutation(async ({ ctx, input }) => {
    await dismissReport(ctx.db, administrator(ctx), input.reportId, input.reason);
    return { reportId: input.reportId };
  }),

  /** The reported message reads 'Removed by a moderator'; a reported project is deleted. */
  removeContent: sudoProcedure
    .input(onReport)
    .mutation(({ ctx, input }) => removeReportedContent(ctx.db, administrator(ctx), input.reportId, input.reason)),

  /** Every session of the member ends at once; sign-in answers 'This account is suspended.' */
  suspend: sudoProcedure
    .input(z.object({ memberId: id, reason, reportId: id.nullish() }))
    .mutation(async ({ ctx, input }) => {
      await suspendMember(ctx.db, administrator(ctx), input.memberId, input.reason, input.reportId ?? null);
      return { memberId: input.memberId };
    }),

  reinstate: sudoProcedure.input(z.object({ memberId: id, reason })).mutation(async ({ ctx, input }) => {
    await reinstateMember(ctx.db, administrator(ctx), input.memberId, input.reason);
    return { memberId: input.memberId };
  }),
});
