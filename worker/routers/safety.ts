import { z } from "zod";
import { plainText } from "@core/fields";
import { MEMBER_NOT_FOUND } from "@core/friend-rules";
import {
  MAX_REPORT_DETAILS_LENGTH,
  REPORT_DETAILS_TOO_LONG,
  REPORT_REASON_REQUIRED,
  REPORT_REASONS,
  REPORT_RECEIVED,
  REPORTS_PER_DAY,
  tooManyReports,
} from "@core/safety-rules";
import { hoursFrom, limitAttempts, ONE_DAY_MS, type RateRule } from "../auth/rate-limit";
import { pokeMembers, tellChat } from "../rooms/notify";
import { projectId } from "../projects/inputs";
import { blockedMembers, blockMember, unblockMember } from "../safety/blocks";
import { fileReport } from "../safety/reports";
import { protectedProcedure, router, unbatchedProtectedProcedure } from "../trpc";

const REPORTS: RateRule = { name: "reports", limit: REPORTS_PER_DAY, windowMs: ONE_DAY_MS };

const memberId = plainText(MEMBER_NOT_FOUND).min(1, MEMBER_NOT_FOUND).max(64, MEMBER_NOT_FOUND);
const byMember = z.object({ memberId });

const reportInput = z.object({
  target: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("member"), memberId }),
    z.object({ kind: z.literal("project"), projectId }),
    z.object({ kind: z.literal("message"), messageId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
  ]),
  reason: z.enum(REPORT_REASONS, { error: REPORT_REASON_REQUIRED }),
  details: plainText()
    .trim()
    .max(MAX_REPORT_DETAILS_LENGTH, REPORT_DETAILS_TOO_LONG)
    .nullish()
    .transform((text) => text || null),
});

export const safetyRouter = router({
  /**
   * Shuts a member out, both ways (worker/safety/reach.ts). Their friendship and pending requests
   * end; the private chat leaves the blocker's list, and the blocker's open pages of it close.
   */
  block: protectedProcedure.input(byMember).mutation(async ({ ctx, input }) => {
    const chat = await blockMember(ctx.db, ctx.user.id, input.memberId);
    if (chat?.current) tellChat(ctx, chat.id, { type: "left", userId: ctx.user.id });
    pokeMembers(ctx, [ctx.user.id], "chats");
    // As when a friend is removed: both sides' friends lists and badges follow, and their bells.
    pokeMembers(ctx, [ctx.user.id, input.memberId], "friend-request");
    pokeMembers(ctx, [ctx.user.id, input.memberId], "notification");
    return { memberId: input.memberId };
  }),

  /**
   * The private chat comes back with its history, and the notifications between the two (read);
   * a friendship does not (a new request starts one).
   */
  unblock: protectedProcedure.input(byMember).mutation(async ({ ctx, input }) => {
    const chat = await unblockMember(ctx.db, ctx.user.id, input.memberId);
    if (chat?.current) tellChat(ctx, chat.id, { type: "joined", userId: ctx.user.id });
    pokeMembers(ctx, [ctx.user.id], "chats");
    pokeMembers(ctx, [ctx.user.id, input.memberId], "notification");
    return { memberId: input.memberId };
  }),

  /** Settings: the members the caller blocked, newest first. */
  blocked: protectedProcedure
    .input(z.object({ cursor: z.object({ blockedAt: z.number(), id: memberId }).nullish() }))
    .query(({ ctx, input }) => blockedMembers(ctx.db, ctx.user.id, input.cursor ?? null)),

  /**
   * A report to the moderators. At most 10 a day per member, counted first (in the database, so
   * the limit holds across processes); the same thing reported again keeps the first report, and
   * is thanked alike.
   */
  report: unbatchedProtectedProcedure.input(reportInput).mutation(async ({ ctx, input }) => {
    await limitAttempts(ctx.db, [[REPORTS, ctx.user.id]], (wait) => tooManyReports(hoursFrom(wait)));
    await fileReport(ctx.db, ctx.user.id, input);
    return { message: REPORT_RECEIVED };
  }),
});
