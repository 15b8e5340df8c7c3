/** The whole board as a page opens it, in one round trip with the check that the caller is on the team. */
import { sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { nameOf } from "../people/names";
import { onTeamOf, teamBoardFrom, teamBoardSql, type TeamBoardRow } from "./access";
import { TASK_JSON } from "./task-rows";
import type { WireTask } from "@party/protocol";
import type { LabelColor } from "@core/board-rules";

export async function readBoard(db: Db, projectId: string, memberId: string) {
  const [[project], columns, [tasks], labels, team, [settings]] = await db.batch([
    db.all<TeamBoardRow>(teamBoardSql(projectId, memberId)),
    db.all<{ id: string; name: string }>(
      sql`SELECT id, name FROM board_columns WHERE project_id = ${projectId} ORDER BY position`,
    ),
    db.all<{ tasks: string }>(
      sql`SELECT json_group_array(${TASK_JSON} ORDER BY position) AS tasks FROM board_tasks WHERE project_id = ${projectId}`,
    ),
    db.all<{ id: string; name: string; color: LabelColor }>(
      sql`SELECT id, name, color FROM board_labels WHERE project_id = ${projectId} ORDER BY name`,
    ),
    db.all<{ id: string; name: string; avatar_url: string | null }>(sql`
      SELECT pr.id, ${nameOf("pr")} AS name, pr.avatar_url FROM projects p JOIN profiles pr ON ${onTeamOf(sql`pr.id`)}
      WHERE p.id = ${projectId} ORDER BY pr.id = p.user_id DESC, name`),
    db.all<{ progress_follows_board: number; done_lines: number }>(
      sql`SELECT progress_follows_board, done_lines FROM boards WHERE project_id = ${projectId}`,
    ),
  ]);
  const board = teamBoardFrom(project);
  return {
    project: { id: board.id, title: board.title, ownerId: board.ownerId },
    canManage: board.ownerId === memberId,
    columns,
    tasks: JSON.parse(tasks!.tasks) as WireTask[],
    labels,
    team: team.map((member) => ({ id: member.id, name: member.name, avatarUrl: member.avatar_url })),
    settings: {
      progressFollowsBoard: Boolean(settings?.progress_follows_board),
      doneLines: Boolean(settings?.done_lines ?? true),
    },
  };
}
