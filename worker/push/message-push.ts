/**
 * A private message reaches its recipient's devices when no page of theirs is open (the dispatcher
 * checks that when it sends). The push is queued by a statement of the batch that stores the
 * message, right after it, and only if that statement stored it: SQLite's `changes()` is the count
 * of rows the statement before inserted, so a retried send (its client id already stored) queues
 * nothing, however often it is retried.
 */
import { sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { DEFAULT_MESSAGE_CHANNELS, MESSAGES_PREFERENCE } from "@core/notification-rules";
import { chatPushTag, pushBodyOf } from "@core/push-rules";
import { nameOf } from "../people/names";

interface SentMessage {
  chatId: string;
  senderId: string;
  content: string;
}

/**
 * 'Ada' / the first line / the chat, to the other member of a private chat, unless they left it,
 * muted it or turned message pushes off, or have no device to push to. One tag per chat: a burst
 * of messages replaces one notification instead of stacking them.
 */
export function queueMessagePush(db: Db, m: SentMessage) {
  const payload = sql`json_object(
    'title', ${nameOf("sender")},
    'body', ${pushBodyOf(m.content)},
    'url', ${`/chat/${m.chatId}`},
    'tag', ${chatPushTag(m.chatId)})`;
  return db.run(sql`
    INSERT INTO push_outbox (member_id, payload, next_attempt_at)
    SELECT r.user_id, ${payload}, ${Date.now()}
    FROM chats c
    JOIN chat_participants r ON r.chat_id = c.id AND r.user_id <> ${m.senderId}
    LEFT JOIN profiles sender ON sender.id = ${m.senderId}
    LEFT JOIN notification_preferences np ON np.member_id = r.user_id AND np.kind = ${MESSAGES_PREFERENCE}
    WHERE changes() > 0 AND c.id = ${m.chatId} AND NOT c.is_group
      AND r.left_at IS NULL AND NOT r.muted
      AND coalesce(np.push, ${DEFAULT_MESSAGE_CHANNELS.push ? 1 : 0})
      AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.member_id = r.user_id)`);
}
