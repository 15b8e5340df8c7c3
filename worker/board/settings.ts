/** The owner's switches: whether the project's figures follow the board, and the team chat's 'finished' lines. */
import { sql } from "drizzle-orm";
import type { Ctx } from "./tasks";
import { ownedBoard } from "./access";
import { tellBoard } from "./live";

export interface BoardSettings {
  progressFollowsBoard?: boolean;
  doneLines?: boolean;
}

export async function changeSettings(ctx: Ctx, projectId: string, change: BoardSettings) {
  const board = await ownedBoard(ctx.db, projectId, ctx.user.id);
  const [row] = await ctx.db.all<{ progress_follows_board: number; done_lines: number }>(sql`
    UPDATE boards SET
      progress_follows_board = coalesce(${change.progressFollowsBoard ?? null}, progress_follows_board),
      done_lines = coalesce(${change.doneLines ?? null}, done_lines)
    WHERE project_id = ${board.id}
    RETURNING progress_follows_board, done_lines`);
  tellBoard(ctx, board, { type: "board" });
  return { progressFollowsBoard: Boolean(row?.progress_follows_board), doneLines: Boolean(row?.done_lines) };
}
