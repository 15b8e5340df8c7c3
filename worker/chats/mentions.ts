/**
 * Mentions in a group's messages (core/mentions.ts has the token): only the group's current members
 * resolve, and each mentioned member hears of it through a 'mention' notification written in the
 * batch that stores the message. The chat being muted does not hold it back: a mention asks for the
 * member by name.
 */
import { sql } from "drizzle-orm";
import { keepMentions, MAX_MENTIONS, mentionedIds } from "@core/mentions";
import type { Db } from "@db/client";
import { notificationStatements } from "../notifications/write";
import { notBlockedBetween } from "../safety/reach";

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

interface Sent {
  chatId: string;
  senderId: string;
  clientId: string;
}

/**
 * Each mentioned member's notification, for the batch that stores the message, after its insert.
 * The event is the message (its id, found by the sender's client id), so a retried send, whose
 * message is already stored, finds the notification written and writes none; a send refused stores
 * no message and notifies nobody. A member who left before the batch is not told, nor one a block
 * keeps apart from the author (either way round), checked in the same statement that writes.
 */
export function mentionStatements(db: Db, sent: Sent, resolved: Resolved) {
  const message = sql`(SELECT CAST(id AS TEXT) FROM messages WHERE sender_id = ${sent.senderId} AND client_id = ${sent.clientId} AND chat_id = ${sent.chatId})`;
  return resolved.mentioned.flatMap((memberId) =>
    notificationStatements(db, {
      kind: "mention",
      recipient: memberId,
      actorId: sent.senderId,
      subjectId: sent.chatId,
      subjectTitle: resolved.title,
      eventKey: message,
      happened: sql`${message} IS NOT NULL AND ${notBlockedBetween(sent.senderId, memberId)} AND EXISTS (
        SELECT 1 FROM chat_participants WHERE chat_id = ${sent.chatId} AND user_id = ${memberId} AND left_at IS NULL)`,
    }),
  );
}
