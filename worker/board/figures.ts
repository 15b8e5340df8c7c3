/**
 * A project's figures while they follow its board. The figures themselves are kept in the project's
 * own columns by migration 0024's triggers; what is here is what readers and writers of the project
 * need to know of it, as expressions for the statements they already make.
 */
import { sql, type SQL } from "drizzle-orm";

/** Holds while the owner has the project's figures follow its board. */
export const followsBoard = (projectId: SQL) =>
  sql`coalesce((SELECT b.progress_follows_board FROM boards b WHERE b.project_id = ${projectId}), 0)`;

/** The board's tasks, those done and those planned, as JSON, while the figures follow it; NULL otherwise. */
export const boardTasksWhileFollowing = (projectId: SQL) =>
  sql`(SELECT json_object('done', f.done, 'planned', f.planned, 'total', f.total) FROM board_progress f
    WHERE f.project_id = ${projectId} AND ${followsBoard(projectId)})`;

/** `value` for the column, unless the figures follow the board: then the column keeps what it holds. */
export const unlessFollowing = (projectId: SQL, column: SQL, value: unknown) =>
  sql`CASE WHEN ${followsBoard(projectId)} THEN ${column} ELSE ${value} END`;
