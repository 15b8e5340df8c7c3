/** A task's row as SQL returns it, and as the procedures and rooms carry it (`WireTask`). */
import { sql } from "drizzle-orm";
import type { WireTask } from "@party/protocol";

export const TASK_COLUMNS = sql.raw(
  "id, number, title, description, column_id, position, assignee_id, label_ids, due_date, version, updated_at",
);

export interface TaskRow {
  id: string;
  number: number;
  title: string;
  description: string;
  column_id: string;
  position: string;
  assignee_id: string | null;
  label_ids: string;
  due_date: string | null;
  version: number;
  updated_at: number;
}

export const taskFromRow = (row: TaskRow): WireTask => ({
  id: row.id,
  number: row.number,
  title: row.title,
  description: row.description,
  columnId: row.column_id,
  position: row.position,
  assigneeId: row.assignee_id,
  labelIds: JSON.parse(row.label_ids) as string[],
  dueDate: row.due_date,
  version: row.version,
  updatedAt: row.updated_at,
});
