/**
 * A board's tasks: created at the end of a column with the project's next number, edited against
 * the version the member saw, moved between two neighbours with one row written, deleted by their
 * creator or the owner. Every change is told to the project's open boards as the task now stands.
 */
import { TRPCError } from "@trpc/server";
import { sql, type SQL } from "drizzle-orm";
import { generateKeyBetween } from "fractional-indexing";
import {
  ASSIGNEE_NOT_ON_TEAM,
  COLUMN_NOT_FOUND,
  DELETE_NOT_ALLOWED,
  mayDeleteTask,
  LABEL_NOT_FOUND,
  MAX_BOARD_TASKS,
  TASK_NOT_FOUND,
  TOO_MANY_TASKS,
  taskConflict,
} from "@core/board-rules";
import type { Db } from "@db/client";
import { namedBatch } from "@db/batch";
import { isUniqueViolation } from "@db/errors";
import { nameOf } from "../people/names";
import { notificationStatements, tellNotified } from "../notifications/write";
import { finishedTaskLine, tellTeamChat } from "../teams/team-chat";
import type { PushSenders } from "../push/outbox";
import { onTeamOf, teamBoardFrom, type TeamBoard, type TeamBoardRow } from "./access";
import { tellBoard } from "./live";
import { parseTask, TASK_JSON, type TaskJsonRow } from "./task-rows";

/** A signed-in member's request: its services and who they are. */
export type Ctx = PushSenders & { user: { id: string } };

/** Two members dropping into the same gap at once compute the same key: the later one tries again. */
const POSITION_TRIES = 8;

interface Fields {
  title?: string;
  description?: string;
  assigneeId?: string | null;
  labelIds?: string[];
  dueDate?: string | null;
}

interface Checks {
  taskId?: string;
  columnId?: string;
  assigneeId?: string | null;
  labelIds?: string[];
}

interface ContextRow extends TeamBoardRow {
  task_count: number;
  last_column_id: string;
  column_ok: number;
  assignee_ok: number;
  labels_found: number;
  task_id: string | null;
  task_column_id: string | null;
  task_assignee_id: string | null;
  created_by: string | null;
  edited_version: number | null;
  edited_by_name: string;
  /** The end of the column a new task goes to. */
  last_position: string | null;
}

/**
 * One read for a write: the caller's team board, and whether what the write names belongs to it
 * (the column, the assignee on the team, the labels, the task as it stands).
 */
function contextSql(projectId: string, memberId: string, checks: Checks) {
  const { taskId = null, columnId = null, assigneeId = null, labelIds = [] } = checks;
  return sql`
    SELECT p.id, p.title, p.user_id AS owner_id, (SELECT c.id FROM chats c WHERE c.project_id = p.id) AS chat_id,
      (SELECT count(*) FROM board_tasks x WHERE x.project_id = p.id) AS task_count,
      (SELECT c.id FROM board_columns c WHERE c.project_id = p.id ORDER BY c.position DESC LIMIT 1) AS last_column_id,
      (${columnId} IS NULL OR EXISTS (SELECT 1 FROM board_columns c WHERE c.id = ${columnId} AND c.project_id = p.id)) AS column_ok,
      (${assigneeId} IS NULL OR ${onTeamOf(sql`${assigneeId}`)}) AS assignee_ok,
      (SELECT count(*) FROM board_labels l WHERE l.project_id = p.id
        AND l.id IN (SELECT value FROM json_each(${JSON.stringify(labelIds)}))) AS labels_found,
      t.id AS task_id, t.column_id AS task_column_id, t.assignee_id AS task_assignee_id, t.created_by,
      t.edited_version, ${nameOf("ed")} AS edited_by_name,
      (SELECT max(x.position) FROM board_tasks x WHERE x.column_id = ${columnId}) AS last_position
    FROM projects p
    LEFT JOIN board_tasks t ON t.id = ${taskId} AND t.project_id = p.id
    LEFT JOIN profiles ed ON ed.id = t.edited_by
    WHERE p.id = ${projectId} AND ${onTeamOf(memberId)}`;
}

function checkedContext(row: ContextRow | undefined, checks: Checks) {
  const board = teamBoardFrom(row);
  const context = row!;
  if (!context.column_ok) throw new TRPCError({ code: "NOT_FOUND", message: COLUMN_NOT_FOUND });
  if (checks.taskId && context.task_id === null) throw new TRPCError({ code: "NOT_FOUND", message: TASK_NOT_FOUND });
  if (!context.assignee_ok) throw new TRPCError({ code: "BAD_REQUEST", message: ASSIGNEE_NOT_ON_TEAM });
  if (context.labels_found !== (checks.labelIds ?? []).length) {
    throw new TRPCError({ code: "BAD_REQUEST", message: LABEL_NOT_FOUND });
  }
  return { board, context };
}

const readContext = async (db: Db, projectId: string, memberId: string, checks: Checks) =>
  checkedContext((await db.all<ContextRow>(contextSql(projectId, memberId, checks)))[0], checks);

/** 'Ada assigned you a task': for the batch that assigns it, right after the write, never to the actor. */
function assignedNotice(ctx: Ctx, board: TeamBoard, taskId: string, assigneeId: string, happened: SQL) {
  return notificationStatements(ctx.db, {
    kind: "task_assigned",
    recipient: assigneeId,
    actorId: ctx.user.id,
    subjectId: board.id,
    subjectTitle: board.title,
    eventKey: sql`(SELECT t.id || ':' || t.version FROM board_tasks t WHERE t.id = ${taskId})`,
    happened,
  });
}

/** Retries `write` while it collides with another member's position in the same column. */
async function withFreshPosition<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= POSITION_TRIES || !isUniqueViolation(error)) throw error;
    }
  }
}

export interface NewTask extends Fields {
  projectId: string;
  columnId: string;
  title: string;
}

export async function createTask(ctx: Ctx, input: NewTask) {
  const me = ctx.user.id;
  const id = crypto.randomUUID();
  const { board, task, notified } = await withFreshPosition(async () => {
    const { board, context } = await readContext(ctx.db, input.projectId, me, input);
    if (context.task_count >= MAX_BOARD_TASKS) throw new TRPCError({ code: "BAD_REQUEST", message: TOO_MANY_TASKS });
    const assigneeId = input.assigneeId ?? null;
    const result = await namedBatch(ctx.db, {
      counter: ctx.db.run(sql`
        UPDATE boards SET next_number = next_number + 1
        WHERE project_id = ${board.id}
          AND (SELECT count(*) FROM board_tasks x WHERE x.project_id = ${board.id}) < ${MAX_BOARD_TASKS}`),
      task: ctx.db.all<TaskJsonRow>(sql`
        INSERT INTO board_tasks (id, project_id, number, column_id, position, title, description, assignee_id,
          label_ids, due_date, created_by, edited_by)
        SELECT ${id}, ${board.id}, b.next_number - 1, ${input.columnId},
          ${generateKeyBetween(context.last_position, null)}, ${input.title}, ${input.description ?? ""},
          ${assigneeId}, ${JSON.stringify(input.labelIds ?? [])}, ${input.dueDate ?? null}, ${me}, ${me}
        FROM boards b WHERE b.project_id = ${board.id} AND changes() > 0
        RETURNING ${TASK_JSON} AS task`),
      history: ctx.db.run(sql`
        INSERT INTO board_task_history (task_id, user_id, field, to_value)
        SELECT ${id}, ${me}, 'created', ${input.title} WHERE changes() > 0`),
      notice:
        assigneeId && assigneeId !== me
          ? assignedNotice(ctx, board, id, assigneeId, sql`EXISTS (SELECT 1 FROM board_tasks t WHERE t.id = ${id})`)
          : [],
    });
    const [row] = result.task;
    if (!row) throw new TRPCError({ code: "BAD_REQUEST", message: TOO_MANY_TASKS });
    return { board, task: parseTask(row), notified: result.notice[0] ?? [] };
  });
  tellNotified(ctx, notified);
  tellBoard(ctx, board, { type: "task", task });
  return task;
}

/** Each changed field's line of history, read from the row before the edit in the same batch. */
function historyOf(taskId: string, memberId: string, fields: Fields, fresh: SQL): SQL {
  const names = (ids: SQL) =>
    sql`(SELECT group_concat(l.name, ', ') FROM json_each(${ids}) j JOIN board_labels l ON l.id = j.value)`;
  const person = (id: SQL) => sql`(SELECT ${nameOf("pr")} FROM profiles pr WHERE pr.id = ${id})`;
  const lines: SQL[] = [];
  const line = (field: string, from: SQL, to: SQL, changed: SQL) =>
    lines.push(sql`SELECT ${taskId}, ${memberId}, ${field}, ${from}, ${to} FROM board_tasks t
      WHERE t.id = ${taskId} AND ${fresh} AND ${changed}`);
  if (fields.title !== undefined)
    line("title", sql`t.title`, sql`${fields.title}`, sql`t.title IS NOT ${fields.title}`);
  if (fields.description !== undefined)
    line(
      "description",
      sql`t.description`,
      sql`${fields.description}`,
      sql`t.description IS NOT ${fields.description}`,
    );
  if (fields.assigneeId !== undefined)
    line(
      "assignee",
      person(sql`t.assignee_id`),
      person(sql`${fields.assigneeId}`),
      sql`t.assignee_id IS NOT ${fields.assigneeId}`,
    );
  if (fields.labelIds !== undefined) {
    const ids = JSON.stringify(fields.labelIds);
    line("labels", names(sql`t.label_ids`), names(sql`${ids}`), sql`t.label_ids IS NOT ${ids}`);
  }
  if (fields.dueDate !== undefined)
    line("dueDate", sql`t.due_date`, sql`${fields.dueDate}`, sql`t.due_date IS NOT ${fields.dueDate}`);
  return sql`INSERT INTO board_task_history (task_id, user_id, field, from_value, to_value)
    ${sql.join(lines, sql` UNION ALL `)}`;
}

export interface TaskEdit extends Fields {
  projectId: string;
  taskId: string;
  /** The version the member's form was opened on. */
  version: number;
}

/** An edit from a form opened on an older version than the last edit is refused, naming who made it. */
export async function updateTask(ctx: Ctx, input: TaskEdit) {
  const me = ctx.user.id;
  const { projectId, taskId, version, ...fields } = input;
  const { board, context } = await readContext(ctx.db, projectId, me, { ...fields, taskId });
  const conflict = () => new TRPCError({ code: "CONFLICT", message: taskConflict(context.edited_by_name) });
  if (context.edited_version! > version) throw conflict();
  const fresh = sql`t.edited_version <= ${version}`;
  const sets: SQL[] = [];
  if (fields.title !== undefined) sets.push(sql`title = ${fields.title}`);
  if (fields.description !== undefined) sets.push(sql`description = ${fields.description}`);
  if (fields.assigneeId !== undefined) sets.push(sql`assignee_id = ${fields.assigneeId}`);
  if (fields.labelIds !== undefined) sets.push(sql`label_ids = ${JSON.stringify(fields.labelIds)}`);
  if (fields.dueDate !== undefined) sets.push(sql`due_date = ${fields.dueDate}`);
  const assigning = fields.assigneeId && fields.assigneeId !== me && fields.assigneeId !== context.task_assignee_id;
  const result = await namedBatch(ctx.db, {
    history: sets.length > 0 ? [ctx.db.run(historyOf(taskId, me, fields, fresh))] : [],
    task: ctx.db.all<TaskJsonRow>(sql`
      UPDATE board_tasks AS t SET ${sql.join([...sets, sql``], sql`, `)}
        version = version + 1, edited_version = version + 1, edited_by = ${me}, updated_at = ${Date.now()}
      WHERE t.id = ${taskId} AND t.project_id = ${board.id} AND ${fresh}
      RETURNING ${TASK_JSON} AS task`),
    notice: assigning ? assignedNotice(ctx, board, taskId, fields.assigneeId!, sql`changes() > 0`) : [],
  });
  const [row] = result.task;
  if (!row) {
    const latest = await readContext(ctx.db, projectId, me, { taskId });
    throw new TRPCError({ code: "CONFLICT", message: taskConflict(latest.context.edited_by_name) });
  }
  const task = parseTask(row);
  tellNotified(ctx, result.notice[0] ?? []);
  tellBoard(ctx, board, { type: "task", task });
  return task;
}

export interface TaskMove {
  projectId: string;
  taskId: string;
  columnId: string;
  /** The task it goes after, as the member saw the column; null for the top. */
  afterId: string | null;
  /** The task it goes before; null for the bottom. */
  beforeId: string | null;
}

interface Gap {
  lo: string | null;
  hi: string | null;
}

/**
 * The gap the task drops into, as the column now stands: right after `afterId` when it is still in
 * the column, else right before `beforeId`, else the column's end. So a move computed on a page that
 * is a moment behind still lands beside the neighbour the member chose, and never between two keys
 * that are no longer next to each other.
 */
const gapSql = (move: TaskMove) => {
  const others = sql`x.column_id = ${move.columnId} AND x.id IS NOT ${move.taskId}`;
  const after = sql`(SELECT x.position FROM board_tasks x WHERE x.id = ${move.afterId} AND ${others})`;
  const before = sql`(SELECT x.position FROM board_tasks x WHERE x.id = ${move.beforeId} AND ${others})`;
  return sql`
    SELECT
      CASE WHEN ${after} IS NOT NULL THEN ${after}
        WHEN ${before} IS NOT NULL THEN (SELECT max(x.position) FROM board_tasks x WHERE ${others} AND x.position < ${before})
        ELSE (SELECT max(x.position) FROM board_tasks x WHERE ${others}) END AS lo,
      CASE WHEN ${after} IS NOT NULL THEN (SELECT min(x.position) FROM board_tasks x WHERE ${others} AND x.position > ${after})
        WHEN ${before} IS NOT NULL THEN ${before}
        ELSE NULL END AS hi`;
};

/** Last move wins: a move never conflicts, and every board ends with the order the database holds. */
export async function moveTask(ctx: Ctx, move: TaskMove) {
  const me = ctx.user.id;
  const { board, task, line } = await withFreshPosition(async () => {
    const checks = { taskId: move.taskId, columnId: move.columnId };
    const [[contextRow], [gap]] = await ctx.db.batch([
      ctx.db.all<ContextRow>(contextSql(move.projectId, me, checks)),
      ctx.db.all<Gap>(gapSql(move)),
    ]);
    const { board, context } = checkedContext(contextRow, checks);
    const entersLast = move.columnId === context.last_column_id && context.task_column_id !== move.columnId;
    const result = await namedBatch(ctx.db, {
      history: ctx.db.run(sql`
        INSERT INTO board_task_history (task_id, user_id, field, from_value, to_value)
        SELECT t.id, ${me}, 'column', (SELECT c.name FROM board_columns c WHERE c.id = t.column_id),
          (SELECT c.name FROM board_columns c WHERE c.id = ${move.columnId})
        FROM board_tasks t WHERE t.id = ${move.taskId} AND t.column_id IS NOT ${move.columnId}`),
      line: entersLast ? [finishedTaskLine(ctx.db, board.id, me, move.taskId, move.columnId)] : [],
      task: ctx.db.all<TaskJsonRow>(sql`
        UPDATE board_tasks SET column_id = ${move.columnId}, position = ${generateKeyBetween(gap!.lo, gap!.hi)},
          version = version + 1, updated_at = ${Date.now()}
        WHERE id = ${move.taskId} AND project_id = ${board.id}
        RETURNING ${TASK_JSON} AS task`),
    });
    const [row] = result.task;
    if (!row) throw new TRPCError({ code: "NOT_FOUND", message: TASK_NOT_FOUND });
    return { board, task: parseTask(row), line: result.line[0] ?? [] };
  });
  tellBoard(ctx, board, { type: "task", task });
  await tellTeamChat(ctx, line);
  return task;
}

export async function deleteTask(ctx: Ctx, projectId: string, taskId: string) {
  const me = ctx.user.id;
  const { board, context } = await readContext(ctx.db, projectId, me, { taskId });
  if (!mayDeleteTask(me, context.created_by, board.ownerId)) {
    throw new TRPCError({ code: "FORBIDDEN", message: DELETE_NOT_ALLOWED });
  }
  await ctx.db.run(sql`DELETE FROM board_tasks WHERE id = ${taskId} AND project_id = ${board.id}`);
  tellBoard(ctx, board, { type: "taskDeleted", taskId });
  return { taskId };
}

export interface HistoryEntry {
  at: number;
  userId: string | null;
  name: string;
  field: string;
  from: string | null;
  to: string | null;
}

/** The task's history, newest first, in one trip with the check that the caller is on the team. */
export async function taskHistory(db: Db, projectId: string, memberId: string, taskId: string) {
  const [[row], lines] = await db.batch([
    db.all<TeamBoardRow>(sql`SELECT p.id, p.title, p.user_id AS owner_id, NULL AS chat_id FROM projects p
      WHERE p.id = ${projectId} AND ${onTeamOf(memberId)}`),
    db.all<{
      at: number;
      user_id: string | null;
      name: string;
      field: string;
      from_value: string | null;
      to_value: string | null;
    }>(sql`
      SELECT h.created_at AS at, h.user_id, ${nameOf("pr")} AS name, h.field, h.from_value, h.to_value
      FROM board_task_history h JOIN board_tasks t ON t.id = h.task_id
      LEFT JOIN profiles pr ON pr.id = h.user_id
      WHERE h.task_id = ${taskId} AND t.project_id = ${projectId}
      ORDER BY h.id DESC LIMIT 200`),
  ]);
  teamBoardFrom(row);
  return lines.map((line): HistoryEntry => ({
    at: line.at,
    userId: line.user_id,
    name: line.name,
    field: line.field,
    from: line.from_value,
    to: line.to_value,
  }));
}
