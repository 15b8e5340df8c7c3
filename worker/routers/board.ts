import { z } from "zod";
import { TASK_NOT_FOUND, COLUMN_NOT_FOUND, LABEL_NOT_FOUND } from "@core/board-rules";
import { columnName, dueDate, labelColor, labelIds, labelName, taskDescription, taskTitle } from "@core/board-fields";
import { plainText } from "@core/fields";
import { projectId } from "../projects/inputs";
import { addColumn, moveColumn, removeColumn, renameColumn } from "../board/columns";
import { createLabel, deleteLabel } from "../board/labels";
import { readBoard } from "../board/read";
import { changeSettings } from "../board/settings";
import { createTask, deleteTask, moveTask, taskHistory, updateTask } from "../board/tasks";
import { protectedProcedure, router } from "../trpc";

const id = (notFound: string) => plainText(notFound).min(1, notFound).max(64, notFound);
const taskId = id(TASK_NOT_FOUND);
const columnId = id(COLUMN_NOT_FOUND);
const labelId = id(LABEL_NOT_FOUND);
/** A member, or null for nobody. */
const assigneeId = plainText().min(1).max(64).nullable();

const taskFields = {
  description: taskDescription.optional(),
  assigneeId: assigneeId.optional(),
  labelIds: labelIds.optional(),
  dueDate: dueDate.optional(),
};

export const boardRouter = router({
  /** The project's board, for its team: columns in order, every task, labels, team and settings. */
  get: protectedProcedure
    .input(z.object({ projectId }))
    .query(({ ctx, input }) => readBoard(ctx.db, input.projectId, ctx.user.id)),

  /** Any team member adds a task at the end of a column; it takes the project's next number. */
  createTask: protectedProcedure
    .input(z.object({ projectId, columnId, title: taskTitle, ...taskFields }))
    .mutation(({ ctx, input }) => createTask(ctx, input)),

  /** An edit made on `version`; refused with CONFLICT, naming who, when someone edited it since. */
  updateTask: protectedProcedure
    .input(
      z.object({ projectId, taskId, version: z.number().int().min(1), title: taskTitle.optional(), ...taskFields }),
    )
    .mutation(({ ctx, input }) => updateTask(ctx, input)),

  /** Drops the task between two neighbours of a column (null: the column's end); a move never conflicts. */
  moveTask: protectedProcedure
    .input(z.object({ projectId, taskId, columnId, afterId: taskId.nullable(), beforeId: taskId.nullable() }))
    .mutation(({ ctx, input }) => moveTask(ctx, input)),

  /** The task's creator or the project owner deletes it. */
  deleteTask: protectedProcedure
    .input(z.object({ projectId, taskId }))
    .mutation(({ ctx, input }) => deleteTask(ctx, input.projectId, input.taskId)),

  /** Who changed what in the task, and when, newest first. */
  history: protectedProcedure
    .input(z.object({ projectId, taskId }))
    .query(({ ctx, input }) => taskHistory(ctx.db, input.projectId, ctx.user.id, input.taskId)),

  addColumn: protectedProcedure
    .input(z.object({ projectId, name: columnName }))
    .mutation(({ ctx, input }) => addColumn(ctx, input.projectId, input.name)),

  renameColumn: protectedProcedure
    .input(z.object({ projectId, columnId, name: columnName }))
    .mutation(({ ctx, input }) => renameColumn(ctx, input.projectId, input.columnId, input.name)),

  moveColumn: protectedProcedure
    .input(z.object({ projectId, columnId, toIndex: z.number().int().min(0) }))
    .mutation(({ ctx, input }) => moveColumn(ctx, input.projectId, input.columnId, input.toIndex)),

  /** Only an empty column, and never the last one. */
  removeColumn: protectedProcedure
    .input(z.object({ projectId, columnId }))
    .mutation(({ ctx, input }) => removeColumn(ctx, input.projectId, input.columnId)),

  /** Any team member adds a label to the board's set. */
  createLabel: protectedProcedure
    .input(z.object({ projectId, name: labelName, color: labelColor }))
    .mutation(({ ctx, input }) => createLabel(ctx, input.projectId, input.name, input.color)),

  /** The owner removes a label from the board and from every task. */
  deleteLabel: protectedProcedure
    .input(z.object({ projectId, labelId }))
    .mutation(({ ctx, input }) => deleteLabel(ctx, input.projectId, input.labelId)),

  /** The owner's switches; what is left out stays as it is. */
  settings: protectedProcedure
    .input(z.object({ projectId, progressFollowsBoard: z.boolean().optional(), doneLines: z.boolean().optional() }))
    .mutation(({ ctx, input }) => changeSettings(ctx, input.projectId, input)),
});
