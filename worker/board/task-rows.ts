/**
 * A task as the procedures and rooms carry it (`WireTask`), built by SQLite as JSON: a board's
 * thousand tasks come back as one text value instead of eleven thousand driver values, which cost
 * the driver several times what the query itself does.
 */
import { sql } from "drizzle-orm";
import { jsonObject } from "@db/json-object";
import { boardTasks } from "@db/schema";
import type { WireTask } from "@party/protocol";

/** A `board_tasks` row in `WireTask`'s shape. */
export const TASK_JSON = jsonObject<WireTask>({
  id: boardTasks.id,
  number: boardTasks.number,
  title: boardTasks.title,
  description: boardTasks.description,
  columnId: boardTasks.columnId,
  position: boardTasks.position,
  assigneeId: boardTasks.assigneeId,
  createdBy: boardTasks.createdBy,
  labelIds: sql`json(${boardTasks.labelIds})`,
  dueDate: boardTasks.dueDate,
  version: boardTasks.version,
  updatedAt: boardTasks.updatedAt,
});

/** A statement's `task` column, or its aggregate of tasks. */
export interface TaskJsonRow {
  task: string;
}

export const parseTask = (row: TaskJsonRow) => JSON.parse(row.task) as WireTask;
