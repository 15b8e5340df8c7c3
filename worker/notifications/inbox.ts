/**
 * A member's notifications as the bell and /notifications read them: newest first, paged by id on
 * the member's own index (the unread ones on its partial index), so no read grows with the table or
 * with the member's backlog. A notification from a member on the other side of a block, either way,
 * is not shown or counted while the block stands.
 */
import { TRPCError } from "@trpc/server";
import { sql } from "drizzle-orm";
import { DELETED_MEMBER } from "@core/account-rules";
import type { NotificationKind } from "@core/enums";
import { PANEL_SIZE, UNREAD_COUNT_CAP } from "@core/notification-rules";
import type { Db } from "@db/client";
import { nameOf } from "../people/names";
import { notBlockedBetween } from "../reach/reach";
import { describe, SYSTEM_KINDS } from "./describe";

export const NOTIFICATION_GONE = "This notification no longer exists.";
/** Marking all as read goes this many rows a statement, so a long backlog never holds the write lock long. */
const MARK_ALL_CHUNK = 500;

export type InboxFilter = "unread" | "all";

/** Over `notifications n`: its actor, if a member, is one the recipient may reach. */
const fromReachable = notBlockedBetween(sql`n.recipient_id`, sql`n.actor_id`);

/** Unread, up to the cap: the bell shows '99+' beyond it, and counting stops there. */
export async function unreadCount(db: Db, memberId: string) {
  const row = await db.get<{ unread: number }>(sql`
    SELECT count(*) AS unread FROM (
      SELECT 1 FROM notifications n
      WHERE n.recipient_id = ${memberId} AND n.read_at IS NULL AND ${fromReachable}
      LIMIT ${UNREAD_COUNT_CAP}
    )`);
  return row?.unread ?? 0;
}

interface InboxRow {
  id: number;
  kind: NotificationKind;
  actor_id: string | null;
  actor_name: string;
  actor_avatar: string | null;
  subject_id: string | null;
  subject_title: string | null;
  read_at: number | null;
  created_at: number;
}

const PROJECT_KINDS = sql.raw(`'join_request', 'join_accepted', 'join_declined', 'task_assigned'`);
const CHAT_KINDS = sql.raw(`'group_added', 'mention'`);

/** One page, newest first, after the cursor (the last id of the page before). */
export async function listNotifications(db: Db, memberId: string, filter: InboxFilter, cursor: number | null) {
  const rows = await db.all<InboxRow>(sql`
    SELECT n.id, n.kind, n.actor_id, ${nameOf("a")} AS actor_name, a.avatar_url AS actor_avatar,
      n.subject_id, coalesce(p.title, c.title) AS subject_title, n.read_at, n.created_at
    FROM notifications n
    LEFT JOIN profiles a ON a.id = n.actor_id
    LEFT JOIN projects p ON n.kind IN (${PROJECT_KINDS}) AND p.id = n.subject_id
    LEFT JOIN chats c ON n.kind IN (${CHAT_KINDS}) AND c.id = n.subject_id
    WHERE n.recipient_id = ${memberId} AND ${fromReachable}
      ${filter === "unread" ? sql`AND n.read_at IS NULL` : sql``}
      ${cursor === null ? sql`` : sql`AND n.id < ${cursor}`}
    ORDER BY n.id DESC
    LIMIT ${PANEL_SIZE + 1}`);
  const items = rows.slice(0, PANEL_SIZE).map((row) => {
    const { text, url } = describe(row.kind, {
      actorId: row.actor_id,
      subjectId: row.subject_id,
      subjectTitle: row.subject_title,
    });
    const actor = SYSTEM_KINDS.has(row.kind)
      ? null
      : row.actor_id
        ? { id: row.actor_id, name: row.actor_name, avatarUrl: row.actor_avatar }
        : { id: null, name: DELETED_MEMBER, avatarUrl: null };
    return {
      id: row.id,
      kind: row.kind,
      actor,
      text,
      subjectTitle: row.subject_title,
      url,
      read: row.read_at !== null,
      createdAt: new Date(row.created_at),
    };
  });
  return { items, nextCursor: rows.length > PANEL_SIZE ? items.at(-1)!.id : null };
}

/** The member's own notification, read; another member's, or none, is not found and changes nothing. */
export async function markRead(db: Db, memberId: string, id: number) {
  const marked = await db.all<{ id: number }>(sql`
    UPDATE notifications SET read_at = ${Date.now()}
    WHERE id = ${id} AND recipient_id = ${memberId} AND read_at IS NULL
    RETURNING id`);
  if (marked.length) return { changed: true };
  const own = await db.all<{ id: number }>(
    sql`SELECT id FROM notifications WHERE id = ${id} AND recipient_id = ${memberId}`,
  );
  if (!own.length) throw new TRPCError({ code: "NOT_FOUND", message: NOTIFICATION_GONE });
  return { changed: false };
}

/**
 * Every unread notification of the member up to `upToId` (the newest they were shown), so one that
 * arrives as they press the button still waits for them. Returns how many were marked.
 */
export async function markAllRead(db: Db, memberId: string, upToId: number | null) {
  const now = Date.now();
  let marked = 0;
  for (;;) {
    const { rowsAffected } = await db.run(sql`
      UPDATE notifications SET read_at = ${now}
      WHERE id IN (
        SELECT id FROM notifications
        WHERE recipient_id = ${memberId} AND read_at IS NULL ${upToId === null ? sql`` : sql`AND id <= ${upToId}`}
        ORDER BY id DESC LIMIT ${MARK_ALL_CHUNK}
      )`);
    marked += rowsAffected;
    if (rowsAffected < MARK_ALL_CHUNK) return marked;
  }
}
