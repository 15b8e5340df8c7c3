import { z } from "zod";
import { plainText } from "@core/fields";
import { NOT_ON_TEAM, NOT_YOUR_TEAM } from "@core/team-rules";
import { ownedProject } from "../projects/access";
import { projectId } from "../projects/inputs";
import { removeTeamMember } from "../teams/members";
import { teamChatOf, teamChatsOf } from "../teams/team-chat";
import { protectedProcedure, router } from "../trpc";

const memberId = plainText(NOT_ON_TEAM).min(1, NOT_ON_TEAM).max(64, NOT_ON_TEAM);

export const teamsRouter = router({
  /** The owner takes a member off the team, and out of its chat. */
  removeMember: protectedProcedure.input(z.object({ projectId, memberId })).mutation(async ({ ctx, input }) => {
    await ownedProject(ctx.db, input.projectId, ctx.user.id, NOT_YOUR_TEAM);
    await removeTeamMember(ctx, input.projectId, input.memberId);
    return { projectId: input.projectId, memberId: input.memberId };
  }),

  /** The project's team chat, when the caller is in it (its owner or an accepted member); else null. */
  chat: protectedProcedure
    .input(z.object({ projectId }))
    .query(({ ctx, input }) => teamChatOf(ctx.db, input.projectId, ctx.user.id)),

  /** Every team chat the caller is in, by project (My Projects). */
  chats: protectedProcedure.query(({ ctx }) => teamChatsOf(ctx.db, ctx.user.id)),
});
