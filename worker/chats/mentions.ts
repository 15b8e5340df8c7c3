/**
 * Mentions in a group's messages (core/mentions.ts has the token): only the group's current members
 * resolve, and each mentioned member hears of it through a 'mention' notification written in the
 * batch that stores the message, or the edit that first names them. The chat being muted does not
 * hold it back: a mention asks for the member by name.
 */
import { sql, type SQL } from "drizzle-orm";
import { keepMentions, MAX_MENTIONS, mentionedIds } from "@core/mentions";
import type { Db } from "@db/client";
import { notificationStatements } from "../notifications/write";
import { participantNow } from "./access";

export interface Resolved {
  /** The text as stored: tokens of anyone but the group's current members read as plain `@Name`. */
  content: string;
  /** Who is mentioned and hears of it: current members, the author left out. */
  mentioned: string[];
  /** The group's name, as the notification's push says it. */
  title: string | null;
}

/**
 * Resolves the tokens of `content` against the chat's members now. A text without tokens (the common
 * case) costs no statement; in a private chat no token resolves.
 */
export async function resolveMentions(db: Db, chatId: string, authorId: string, content: string): Promise<Resolved> {
  const ids = mentionedIds(content);
  if (ids.length === 0) return { content, mentioned: [], title: null };
  const rows = await db.all<{ user_id: string | null; title: string | null }>(sql`
    SELECT p.user_id, c.title FROM chats c
    LEFT JOIN chat_participants p ON p.chat_id = c.id AND p.left_at IS NULL
      AND p.user_id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))
    WHERE c.id = ${chatId} AND c.is_group`);
  const members = new Set(rows.flatMap((row) => (row.user_id ? [row.user_id] : [])));
  return {
    content: keepMentions(content, (id) => members.has(id)),
    mentioned: ids.filter((id) => members.has(id) && id !== authorId).slice(0, MAX_MENTIONS),
    title: rows[0]?.title ?? null,
  };
}

/** Where the mention is: the chat, its author and the message (`eventKey`, the message's id). */
interface Written {
  chatId: string;
  authorId: string;
  /** The message's id as text: one notification per member per message, whichever version named them. */
  eventKey: string | SQL;
  /** Holds only when the message was written, as `resolved` has it, by this batch. */
  happened: SQL;
}

/**
 * A notification for each member `resolved` mentions, for the batch that writes the message. A
 * member who left before the batch is not told, nor one a block keeps apart from the author (either
 * way round, `notificationStatements`' rule), checked in the same statement that writes.
 */
const notifyMentioned = (db: Db, resolved: Resolved, at: Written, isNew: (memberId: string) => SQL = () => sql`1`) =>
  resolved.mentioned.flatMap((memberId) =>
    notificationStatements(db, {
      kind: "mention",
      recipient: memberId,
      actorId: at.authorId,
      subjectId: at.chatId,
      subjectTitle: resolved.title,
      eventKey: at.eventKey,
      happened: sql`${at.happened} AND ${isNew(memberId)} AND EXISTS (${participantNow(at.chatId, memberId)})`,
    }),
  );

interface Sent {
  chatId: string;
  senderId: string;
  clientId: string;
}

/**
 * Each mentioned member's notification, for the batch that stores the message, after its insert.
 * The event is the message (its id, found by the sender's client id), so a retried send, whose
 * message is already stored, finds the notification written and writes none; a send refused stores
 * no message and notifies nobody.
 */
export function mentionStatements(db: Db, sent: Sent, resolved: Resolved) {
  const message = sql`(SELECT CAST(id AS TEXT) FROM messages WHERE sender_id = ${sent.senderId} AND client_id = ${sent.clientId} AND chat_id = ${sent.chatId})`;
  return notifyMentioned(db, resolved, {
    chatId: sent.chatId,
    authorId: sent.senderId,
    eventKey: message,
    happened: sql`${message} IS NOT NULL`,
  });
}

interface Edit {
  chatId: string;
  messageId: number;
  /** The author, who alone edits. */
  memberId: string;
}

/**
 * The notifications of the members an edit newly mentions, for the batch that makes the edit: those
 * no earlier version of the message named (they heard of it then, or were not to be told), under
 * the same event as a sent mention, so a member hears of a message once. The edit happened in this
 * batch when the message now says what it wrote and a version was kept after the one read here,
 * before the batch: a retried edit, or one that changes nothing, keeps none and tells nobody. Two
 * edits racing to the same text may both pass that test; the one notification per member and
 * message stands.
 */
export async function editMentionStatements(db: Db, edit: Edit, resolved: Resolved) {
  if (resolved.mentioned.length === 0) return [];
  const kept = sql`SELECT coalesce(max(id), 0) FROM message_edits WHERE message_id = ${edit.messageId}`;
  const [before] = await db.all<{ id: number }>(sql`SELECT (${kept}) AS id`);
  const happened = sql`EXISTS (SELECT 1 FROM messages WHERE id = ${edit.messageId} AND chat_id = ${edit.chatId}
      AND sender_id = ${edit.memberId} AND deleted_at IS NULL AND content = ${resolved.content})
    AND (${kept}) > ${before?.id ?? 0}`;
  return notifyMentioned(
    db,
    resolved,
    { chatId: edit.chatId, authorId: edit.memberId, eventKey: String(edit.messageId), happened },
    // A token ends with `](id)`, which no name holds: the member's tokens, whatever name they were written with.
    (memberId) => sql`NOT EXISTS (SELECT 1 FROM message_edits
      WHERE message_id = ${edit.messageId} AND instr(content, ${`](${memberId})`}) > 0)`,
  );
}
