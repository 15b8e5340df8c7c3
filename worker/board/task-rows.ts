/**
 * A task as the procedures and rooms carry it (`WireTask`), built by SQLite as JSON: a board's
 * thousand tasks come back as one text value instead of eleven thousand driver values, which cost
 * the driver several times what the query itself does.
 */
import { sql } from "drizzle-orm";
import type { WireTask } from "@party/protocol";

/** A `board_tasks` row as a JSON object in `WireTask`'s shape. */
export const TASK_JSON = sql.raw(
  `json_object('id', id, 'number', number, 'title', title, 'description', description, 'columnId', column_id,
    'position', position, 'assigneeId', assignee_id, 'createdBy', created_by, 'labelIds', json(label_ids), 'dueDate', due_date,
    'version', version, 'updatedAt', updated_at)`,
);

/** A statement's `task` column, or its aggregate of tasks. */
export interface TaskJsonRow {
  task: string;
}

export const parseTask = (row: TaskJsonRow) => JSON.parse(row.task) as WireTask;
