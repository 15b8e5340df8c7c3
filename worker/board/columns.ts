/** The owner's columns: added at the end, renamed, reordered, and removed once empty. */
import { TRPCError } from "@trpc/server";
import { sql } from "drizzle-orm";
import { COLUMN_NOT_EMPTY, COLUMN_NOT_FOUND, LAST_COLUMN, MAX_COLUMNS, TOO_MANY_COLUMNS } from "@core/board-rules";
import type { Ctx } from "./tasks";
import { ownedBoard } from "./access";
import { tellBoard } from "./live";

const notFound = () => new TRPCError({ code: "NOT_FOUND", message: COLUMN_NOT_FOUND });

export async function addColumn(ctx: Ctx, projectId: string, name: string) {
  const board = await ownedBoard(ctx.db, projectId, ctx.user.id);
  const id = crypto.randomUUID();
  const [added] = await ctx.db.all<{ id: string }>(sql`
    INSERT INTO board_columns (id, project_id, name, position)
    SELECT ${id}, ${board.id}, ${name}, coalesce(max(position), -1) + 1 FROM board_columns WHERE project_id = ${board.id}
    HAVING count(*) < ${MAX_COLUMNS}
    RETURNING id`);
  if (!added) throw new TRPCError({ code: "BAD_REQUEST", message: TOO_MANY_COLUMNS });
  tellBoard(ctx, board, { type: "board" });
  return { id, name };
}

export async function renameColumn(ctx: Ctx, projectId: string, columnId: string, name: string) {
  const board = await ownedBoard(ctx.db, projectId, ctx.user.id);
  const [renamed] = await ctx.db.all<{ id: string }>(
    sql`UPDATE board_columns SET name = ${name} WHERE id = ${columnId} AND project_id = ${board.id} RETURNING id`,
  );
  if (!renamed) throw notFound();
  tellBoard(ctx, board, { type: "board" });
  return { id: columnId, name };
}

/** Puts the column at `toIndex` (clamped to the board), the others keeping their order around it. */
export async function moveColumn(ctx: Ctx, projectId: string, columnId: string, toIndex: number) {
  const board = await ownedBoard(ctx.db, projectId, ctx.user.id);
  const ids = (
    await ctx.db.all<{ id: string }>(sql`SELECT id FROM board_columns WHERE project_id = ${board.id} ORDER BY position`)
  ).map((column) => column.id);
  if (!ids.includes(columnId)) throw notFound();
  const order = ids.filter((id) => id !== columnId);
  order.splice(Math.min(toIndex, order.length), 0, columnId);
  const cases = sql.join(
    order.map((id, index) => sql`WHEN ${id} THEN ${index}`),
    sql` `,
  );
  await ctx.db.run(
    sql`UPDATE board_columns SET position = CASE id ${cases} ELSE position END WHERE project_id = ${board.id}`,
  );
  tellBoard(ctx, board, { type: "board" });
  return { columnIds: order };
}

/** Only an empty column goes, and never the board's last: checked in the statement that removes it. */
export async function removeColumn(ctx: Ctx, projectId: string, columnId: string) {
  const board = await ownedBoard(ctx.db, projectId, ctx.user.id);
  const [removed] = await ctx.db.all<{ id: string }>(sql`
    DELETE FROM board_columns WHERE id = ${columnId} AND project_id = ${board.id}
      AND NOT EXISTS (SELECT 1 FROM board_tasks t WHERE t.column_id = ${columnId})
      AND (SELECT count(*) FROM board_columns c WHERE c.project_id = ${board.id}) > 1
    RETURNING id`);
  if (!removed) {
    const [why] = await ctx.db.all<{ tasks: number; columns: number; found: number }>(sql`
      SELECT (SELECT count(*) FROM board_tasks t WHERE t.column_id = ${columnId}) AS tasks,
        (SELECT count(*) FROM board_columns c WHERE c.project_id = ${board.id}) AS columns,
        EXISTS (SELECT 1 FROM board_columns c WHERE c.id = ${columnId} AND c.project_id = ${board.id}) AS found`);
    if (!why?.found) throw notFound();
    throw new TRPCError({ code: "BAD_REQUEST", message: why.tasks > 0 ? COLUMN_NOT_EMPTY : LAST_COLUMN });
  }
  tellBoard(ctx, board, { type: "board" });
  return { id: columnId };
}
