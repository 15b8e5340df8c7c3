/** The board's own set of labels: any team member adds one, the owner removes one from every task. */
import { TRPCError } from "@trpc/server";
import { sql } from "drizzle-orm";
import {
  LABEL_NOT_FOUND,
  LABEL_TAKEN,
  MAX_BOARD_LABELS,
  TOO_MANY_BOARD_LABELS,
  type LabelColor,
} from "@core/board-rules";
import { isUniqueViolation } from "@db/errors";
import { namedBatch } from "@db/batch";
import type { Ctx } from "./tasks";
import { ownedBoard, teamBoard } from "./access";
import { tellBoard } from "./live";

export async function createLabel(ctx: Ctx, projectId: string, name: string, color: LabelColor) {
  const board = await teamBoard(ctx.db, projectId, ctx.user.id);
  const id = crypto.randomUUID();
  try {
    const [added] = await ctx.db.all<{ id: string }>(sql`
      INSERT INTO board_labels (id, project_id, name, color)
      SELECT ${id}, ${board.id}, ${name}, ${color}
      WHERE (SELECT count(*) FROM board_labels WHERE project_id = ${board.id}) < ${MAX_BOARD_LABELS}
      RETURNING id`);
    if (!added) throw new TRPCError({ code: "BAD_REQUEST", message: TOO_MANY_BOARD_LABELS });
  } catch (error) {
    if (isUniqueViolation(error)) throw new TRPCError({ code: "CONFLICT", message: LABEL_TAKEN });
    throw error;
  }
  tellBoard(ctx, board, { type: "board" });
  return { id, name, color };
}

/** The label leaves every task that carried it in the same transaction (each such task's version moves). */
export async function deleteLabel(ctx: Ctx, projectId: string, labelId: string) {
  const board = await ownedBoard(ctx.db, projectId, ctx.user.id);
  const { removed } = await namedBatch(ctx.db, {
    tasks: ctx.db.run(sql`
      UPDATE board_tasks SET
        label_ids = (SELECT json_group_array(j.value) FROM json_each(label_ids) j WHERE j.value IS NOT ${labelId}),
        version = version + 1, updated_at = ${Date.now()}
      WHERE project_id = ${board.id} AND EXISTS (SELECT 1 FROM json_each(label_ids) j WHERE j.value = ${labelId})`),
    removed: ctx.db.all<{ id: string }>(
      sql`DELETE FROM board_labels WHERE id = ${labelId} AND project_id = ${board.id} RETURNING id`,
    ),
  });
  if (removed.length === 0) throw new TRPCError({ code: "NOT_FOUND", message: LABEL_NOT_FOUND });
  tellBoard(ctx, board, { type: "board" });
  return { id: labelId };
}
