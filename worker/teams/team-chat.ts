/**
 * A project's team chat follows its team: the owner (admin) and every accepted member. These
 * statements go into the very batch (one transaction) that changes a member's join request, after
 * that change, and read the request as it then stands: whatever other batches run at once, when
 * one commits the chat and the team agree on that member. The chat is made with the first
 * accepted member; deleting the project archives it (a trigger of migration 0014).
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@db/client";
import { nameOf } from "../people/names";
import { RETURNING_MESSAGE, rowToWire, type MessageRow } from "../chats/messages";
import type { Context } from "../trpc";
import { announceMessage, pokeMembers, tellChat } from "../rooms/notify";
import { currentParticipantIds } from "../chats/access";

/** Holds while `memberId`'s request to join the project is accepted (the owner is on no request). */
export const onTeam = (projectId: string | SQL, memberId: string | SQL) =>
  sql`EXISTS (SELECT 1 FROM project_join_requests r
    WHERE r.project_id = ${projectId} AND r.user_id = ${memberId} AND r.status = 'accepted')`;

const inChat = (memberId: string) =>
  sql`EXISTS (SELECT 1 FROM chat_participants p WHERE p.chat_id = c.id AND p.user_id = ${memberId} AND p.left_at IS NULL)`;

const nameSql = (memberId: string) => sql`(SELECT ${nameOf("pr")} FROM profiles pr WHERE pr.id = ${memberId})`;

/**
 * A system line ('Ada left the chat') in the project's team chat, from `senderId`, numbered like
 * any message, when `condition` holds (it may name the chat as `c`).
 */
const systemLine = (db: Db, projectId: string, senderId: string, content: SQL, condition: SQL) =>
  db.all<MessageRow>(sql`
    INSERT INTO messages (chat_id, sender_id, client_id, content, message_type, seq)
    SELECT c.id, ${senderId}, 'system:' || lower(hex(randomblob(16))), ${content}, 'system',
      (SELECT coalesce(max(m.seq), 0) + 1 FROM messages m WHERE m.chat_id = c.id)
    FROM chats c
    WHERE c.project_id = ${projectId} AND ${condition}
    ${RETURNING_MESSAGE}`);

/**
 * After a request is accepted: the chat (with the first accepted member), its owner as admin,
 * '{owner} added {member}', and the member, back in if they had left. Each only while the request
 * is still accepted when the batch runs.
 */
export function joinTeamChat(db: Db, project: { id: string; userId: string }, memberId: string) {
  return {
    chat: db.run(sql`
      INSERT INTO chats (id, title, is_group, created_by, project_id)
      SELECT ${crypto.randomUUID()}, p.title, 1, p.user_id, p.id FROM projects p
      WHERE p.id = ${project.id} AND ${onTeam(project.id, memberId)}
      ON CONFLICT (project_id) DO NOTHING`),
    owner: db.run(sql`
      INSERT INTO chat_participants (chat_id, user_id, role)
      SELECT c.id, ${project.userId}, 'admin' FROM chats c WHERE c.project_id = ${project.id}
      ON CONFLICT (chat_id, user_id) DO NOTHING`),
    line: systemLine(
      db,
      project.id,
      project.userId,
      sql`${nameSql(project.userId)} || ' added ' || ${nameSql(memberId)}`,
      sql`${onTeam(project.id, memberId)} AND NOT ${inChat(memberId)}`,
    ),
    member: db.run(sql`
      INSERT INTO chat_participants (chat_id, user_id, role)
      SELECT c.id, ${memberId}, 'member' FROM chats c
      WHERE c.project_id = ${project.id} AND ${onTeam(project.id, memberId)}
      ON CONFLICT (chat_id, user_id) DO UPDATE SET left_at = NULL WHERE left_at IS NOT NULL`),
  };
}

/**
 * After a member left the team or was removed: '{member} left the chat', written while they are
 * still in, then they are out. Only while they are no longer on the team when the batch runs.
 */
export function leaveTeamChat(db: Db, projectId: string, memberId: string) {
  const gone = sql`NOT ${onTeam(projectId, memberId)} AND ${inChat(memberId)}`;
  return {
    line: systemLine(db, projectId, memberId, sql`${nameSql(memberId)} || ' left the chat'`, gone),
    out: db.run(sql`
      UPDATE chat_participants SET left_at = ${Date.now()}
      WHERE user_id = ${memberId} AND left_at IS NULL
        AND chat_id = (SELECT c.id FROM chats c WHERE c.project_id = ${projectId})
        AND NOT ${onTeam(projectId, memberId)}`),
  };
}

/** Before the project is deleted: the owner's last line, while the chat still takes one. */
export const closingLine = (db: Db, projectId: string, ownerId: string) =>
  systemLine(
    db,
    projectId,
    ownerId,
    sql`${nameSql(ownerId)} || ' deleted the project. This chat is now read-only.'`,
    sql`NOT c.archived AND ${inChat(ownerId)}`,
  );

/**
 * 'Ada finished #12 Set up CI' (core/board-rules.ts `finishedLine`), for the batch that moves the
 * task into the board's last column, before that move: only while the task is in another column and
 * the board writes these lines.
 */
export const finishedTaskLine = (db: Db, projectId: string, memberId: string, taskId: string, columnId: string) =>
  systemLine(
    db,
    projectId,
    memberId,
    sql`${nameSql(memberId)} || ' finished #' || (SELECT t.number || ' ' || t.title FROM board_tasks t WHERE t.id = ${taskId})`,
    sql`NOT c.archived AND ${inChat(memberId)}
      AND (SELECT t.column_id FROM board_tasks t WHERE t.id = ${taskId}) IS NOT ${columnId}
      AND (SELECT b.done_lines FROM boards b WHERE b.project_id = ${projectId})`,
  );

/**
 * Tells the chat's room and its members what a team change did, when it did anything (it wrote its
 * line): who came in or went out (their sockets let in or closed, their chat lists refreshed), then
 * the line, to everyone in the chat now.
 */
export async function tellTeamChat(
  ctx: Pick<Context, "db" | "rooms" | "defer">,
  [line]: MessageRow[],
  change?: { type: "joined" | "left"; userId: string },
) {
  if (!line) return;
  const message = rowToWire(line);
  if (change) {
    tellChat(ctx, message.chatId, change);
    // Leaving unassigns the member from the board's open tasks (a trigger of migration 0023).
    if (change.type === "left") tellChat(ctx, message.chatId, { type: "board", event: { type: "board" } });
    pokeMembers(ctx, [change.userId], "chats");
  }
  announceMessage(ctx, message, await currentParticipantIds(ctx.db, message.chatId));
}

/** The caller's team chat of a project, when they are in it. */
export async function teamChatOf(db: Db, projectId: string, memberId: string) {
  const [row] = await db.all<{ id: string }>(sql`
    SELECT c.id FROM chats c JOIN chat_participants p ON p.chat_id = c.id
    WHERE c.project_id = ${projectId} AND p.user_id = ${memberId} AND p.left_at IS NULL`);
  return row ? { chatId: row.id } : null;
}

/** Every team chat the member is in, by project: My Projects' 'Team chat' buttons. */
export async function teamChatsOf(db: Db, memberId: string) {
  const rows = await db.all<{ project_id: string; chat_id: string }>(sql`
    SELECT c.project_id, c.id AS chat_id FROM chat_participants p JOIN chats c ON c.id = p.chat_id
    WHERE p.user_id = ${memberId} AND p.left_at IS NULL AND c.project_id IS NOT NULL AND NOT c.archived`);
  return rows.map((row) => ({ projectId: row.project_id, chatId: row.chat_id }));
}
