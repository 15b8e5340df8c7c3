/**
 * Who reaches a project's board: its team, the owner and the accepted members. Anyone else is told
 * the project does not exist, as its 404 page says, so a board never tells a stranger it is there.
 */
import { TRPCError } from "@trpc/server";
import { sql, type SQL } from "drizzle-orm";
import { BOARD_NOT_FOUND, OWNER_ONLY } from "@core/board-rules";
import type { Db } from "@db/client";
import { onTeam } from "../teams/team-chat";

/** Holds when `memberId` is on the team of the project aliased `p`. */
export const onTeamOf = (memberId: string | SQL) => sql`(p.user_id = ${memberId} OR ${onTeam(sql`p.id`, memberId)})`;

export interface TeamBoard {
  id: string;
  title: string;
  ownerId: string;
  /** The team chat's id: its room is the board's room too (none before the first member is accepted). */
  chatId: string | null;
}

/** The project as its board's procedures need it, read only when the caller is on its team. */
export const teamBoardSql = (projectId: string, memberId: string) => sql`
  SELECT p.id, p.title, p.user_id AS owner_id, (SELECT c.id FROM chats c WHERE c.project_id = p.id) AS chat_id
  FROM projects p WHERE p.id = ${projectId} AND ${onTeamOf(memberId)}`;

export interface TeamBoardRow {
  id: string;
  title: string;
  owner_id: string;
  chat_id: string | null;
}

/** The board's project from its row, or NOT_FOUND for anyone off its team. */
export function teamBoardFrom(row: TeamBoardRow | undefined): TeamBoard {
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: BOARD_NOT_FOUND });
  return { id: row.id, title: row.title, ownerId: row.owner_id, chatId: row.chat_id };
}

export async function teamBoard(db: Db, projectId: string, memberId: string) {
  const [row] = await db.all<TeamBoardRow>(teamBoardSql(projectId, memberId));
  return teamBoardFrom(row);
}

/** The board, when its owner asks; a member of its team is refused, anyone else told it is not there. */
export async function ownedBoard(db: Db, projectId: string, memberId: string) {
  const board = await teamBoard(db, projectId, memberId);
  if (board.ownerId !== memberId) throw new TRPCError({ code: "FORBIDDEN", message: OWNER_ONLY });
  return board;
}
