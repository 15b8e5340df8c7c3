/**
 * The Chats and Groups lists and the unread badge. A member's chats are few, so each list reads
 * their participations (indexed by member) and sorts those; unread counts are differences of
 * sequence numbers kept on write, never counts over messages.
 */
import { sql } from "drizzle-orm";
import { nameOf } from "../people/names";
import { MESSAGE_DELETED } from "@core/chat-rules";
import type { MessageType } from "@core/enums";
import type { Db } from "@db/client";
import { hasBlocked, privateChatHiddenFrom } from "../reach/reach";
import { firstFileLine } from "./messages";

export const LIST_PAGE_SIZE = 20;

export interface ListCursor {
  updatedAt: number;
  id: string;
}

interface ChatListRow {
  id: string;
  is_group: number;
  title: string | null;
  updated_at: number;
  unread: number;
  muted: number;
  member_count: number;
  last_content: string | null;
  last_type: MessageType | null;
  last_sender_id: string | null;
  last_sender_name: string | null;
  last_sender_blocked: number;
  other_id: string | null;
  other_name: string | null;
  other_avatar: string | null;
}

export async function listChats(db: Db, userId: string, kind: "chats" | "groups", cursor: ListCursor | null) {
  const rows = await db.all<ChatListRow>(sql`
    SELECT c.id, c.is_group, c.title, c.updated_at, p.muted,
      max(c.last_seq - p.last_read_seq, 0) AS unread,
      (SELECT count(*) FROM chat_participants x WHERE x.chat_id = c.id AND x.left_at IS NULL) AS member_count,
      CASE WHEN m.deleted_at IS NOT NULL THEN ${MESSAGE_DELETED}
        WHEN m.content = '' THEN ${sql.raw(firstFileLine("m"))}
        ELSE m.content END AS last_content,
      m.message_type AS last_type, m.sender_id AS last_sender_id,
      ${nameOf("sp")} AS last_sender_name, ${hasBlocked(userId, sql`m.sender_id`)} AS last_sender_blocked,
      o.user_id AS other_id, ${nameOf("op")} AS other_name, op.avatar_url AS other_avatar
    FROM chat_participants p
    JOIN chats c ON c.id = p.chat_id
    LEFT JOIN messages m ON m.chat_id = c.id AND m.seq = c.last_seq
    LEFT JOIN profiles sp ON sp.id = m.sender_id
    LEFT JOIN chat_participants o ON c.is_group = 0 AND o.chat_id = c.id AND o.user_id <> p.user_id
    LEFT JOIN profiles op ON op.id = o.user_id
    WHERE p.user_id = ${userId} AND p.left_at IS NULL AND c.is_group = ${kind === "groups" ? 1 : 0}
      AND NOT ${privateChatHiddenFrom(userId, "c")}
      ${cursor ? sql`AND (c.updated_at < ${cursor.updatedAt} OR (c.updated_at = ${cursor.updatedAt} AND c.id < ${cursor.id}))` : sql``}
    ORDER BY c.updated_at DESC, c.id DESC
    LIMIT ${LIST_PAGE_SIZE + 1}`);
  const items = rows.slice(0, LIST_PAGE_SIZE).map((row) => ({
    id: row.id,
    isGroup: Boolean(row.is_group),
    title: row.title,
    memberCount: row.member_count,
    unread: row.unread,
    muted: Boolean(row.muted),
    lastActivityAt: new Date(row.updated_at),
    lastMessage:
      row.last_content === null
        ? null
        : {
            content: row.last_content,
            messageType: row.last_type!,
            senderId: row.last_sender_id!,
            senderName: row.last_sender_name ?? "",
            /** From a member the viewer blocked: the list shows no words of theirs. */
            fromBlocked: Boolean(row.last_sender_blocked),
          },
    other: row.other_id ? { id: row.other_id, name: row.other_name ?? "", avatarUrl: row.other_avatar } : null,
  }));
  const last = items.at(-1);
  const nextCursor: ListCursor | null =
    rows.length > LIST_PAGE_SIZE && last ? { updatedAt: last.lastActivityAt.getTime(), id: last.id } : null;
  return { items, nextCursor };
}

/** Tab counts and the sidebar badge: muted chats, and private chats hidden by a block, do not count. */
export async function chatSummary(db: Db, userId: string) {
  const row = await db.get<{ chats: number | null; groups: number | null; unread: number | null }>(sql`
    SELECT sum(c.is_group = 0) AS chats, sum(c.is_group) AS groups,
      sum(CASE WHEN p.muted THEN 0 ELSE max(c.last_seq - p.last_read_seq, 0) END) AS unread
    FROM chat_participants p JOIN chats c ON c.id = p.chat_id
    WHERE p.user_id = ${userId} AND p.left_at IS NULL AND NOT ${privateChatHiddenFrom(userId, "c")}`);
  return { chats: row?.chats ?? 0, groups: row?.groups ?? 0, unread: row?.unread ?? 0 };
}

interface ParticipantRow {
  user_id: string;
  blocked: number;
  role: "admin" | "member";
  left_at: number | null;
  name: string;
  avatar_url: string | null;
  specialization: string | null;
}

/**
 * Everyone who is or was in the chat, so old messages still show their sender's name, each marked
 * when the viewer blocked them: a group's page folds their messages away.
 */
export async function participantsOf(db: Db, chatId: string, viewerId: string) {
  return participantsFrom(await participantsQuery(db, chatId, viewerId));
}

/** The statement behind `participantsOf`, to go out in the batch of the check that guards it. */
export const participantsQuery = (db: Db, chatId: string, viewerId: string) =>
  db.all<ParticipantRow>(sql`
    SELECT p.user_id, p.role, p.left_at, ${nameOf("pr")} AS name, pr.avatar_url, pr.specialization,
      ${hasBlocked(viewerId, sql`p.user_id`)} AS blocked
    FROM chat_participants p LEFT JOIN profiles pr ON pr.id = p.user_id
    WHERE p.chat_id = ${chatId}
    ORDER BY p.created_at, p.user_id`);

export function participantsFrom(rows: ParticipantRow[]) {
  return rows.map((row) => ({
    userId: row.user_id,
    role: row.role,
    current: row.left_at === null,
    name: row.name ?? "",
    avatarUrl: row.avatar_url,
    specialization: row.specialization,
    blocked: Boolean(row.blocked),
  }));
}
