/** Who is on a project's team, beyond joining through a request: the owner takes a member off. */
import { TRPCError } from "@trpc/server";
import { and, eq } from "drizzle-orm";
import { NOT_ON_TEAM } from "@core/team-rules";
import { namedBatch } from "@db/batch";
import { projectJoinRequests } from "@db/schema";
import type { Context } from "../trpc";
import { leaveTeamChat, tellTeamChat } from "./team-chat";

/** Takes the member off the team, and out of its chat, in one transaction; the chat is told. */
export async function removeTeamMember(ctx: Context, projectId: string, memberId: string) {
  const { removed, team } = await namedBatch(ctx.db, {
    removed: ctx.db
      .update(projectJoinRequests)
      .set({ status: "removed", seenAt: null, updatedAt: new Date() })
      .where(
        and(
          eq(projectJoinRequests.projectId, projectId),
          eq(projectJoinRequests.userId, memberId),
          eq(projectJoinRequests.status, "accepted"),
        ),
      )
      .returning({ id: projectJoinRequests.id }),
    team: leaveTeamChat(ctx.db, projectId, memberId),
  });
  if (removed.length === 0) throw new TRPCError({ code: "NOT_FOUND", message: NOT_ON_TEAM });
  await tellTeamChat(ctx, team.line, { type: "left", userId: memberId });
}
