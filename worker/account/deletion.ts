/**
 * Deleting an account in one transaction. What the member made for themselves goes (sessions,
 * credentials, profile, projects and the requests to join them, their own join requests,
 * friendships and friend requests: the foreign keys on `users` cascade); what they wrote to others
 * stays (their messages, shown as 'Deleted member', and the groups they created); payments stay
 * for the accounts with no link to anyone.
 */
import { eq, or, sql } from "drizzle-orm";
import { namedBatch } from "@db/batch";
import type { Db } from "@db/client";
import { chatParticipants, friends, profiles, projectJoinRequests, projects, users } from "@db/schema";
import { accountDeletedEmail } from "../auth/account-emails";
import { queueEmailToUser } from "../mail/outbox";
import { displayName } from "../people/names";
import { RETURNING_MESSAGE, rowToWire, type MessageRow } from "../chats/messages";

export async function deleteAccount(db: Db, userId: string) {
  const [name, [profile]] = await Promise.all([
    displayName(db, userId),
    db.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, userId)),
  ]);
  const inChats = sql`SELECT chat_id FROM chat_participants WHERE user_id = ${userId} AND left_at IS NULL`;
  const { lines, left, friendships } = await namedBatch(db, {
    // Every chat the member is in gets '… left the chat', numbered as Leave Chat numbers it,
    // written while they are still in. Set-based, so a chat they were added to a moment ago is left too.
    lines: db.all<MessageRow>(sql`
      INSERT INTO messages (chat_id, sender_id, client_id, content, message_type, seq)
      SELECT p.chat_id, p.user_id, 'system:' || lower(hex(randomblob(16))), ${`${name} left the chat`}, 'system',
        (SELECT coalesce(max(m.seq), 0) + 1 FROM messages m WHERE m.chat_id = p.chat_id)
      FROM chat_participants p
      WHERE p.user_id = ${userId} AND p.left_at IS NULL
      ${RETURNING_MESSAGE}`),
    lastSeqs: db.run(sql`
      UPDATE chats SET
        last_seq = (SELECT coalesce(max(seq), 0) FROM messages WHERE chat_id = chats.id),
        updated_at = unixepoch('subsec') * 1000
      WHERE id IN (${inChats})`),
    left: db
      .update(chatParticipants)
      .set({ leftAt: new Date() })
      .where(sql`${chatParticipants.userId} = ${userId} AND ${chatParticipants.leftAt} IS NULL`)
      .returning({ chatId: chatParticipants.chatId }),
    // The cascades below would remove these too; deleting them here says who to tell.
    friendships: db
      .delete(friends)
      .where(or(eq(friends.userId, userId), eq(friends.friendId, userId)))
      .returning({ userId: friends.userId, friendId: friends.friendId }),
    joinRequests: db.delete(projectJoinRequests).where(eq(projectJoinRequests.userId, userId)),
    projects: db.delete(projects).where(eq(projects.userId, userId)),
    // Read while the account is still there: the address it had is where the news goes.
    email: queueEmailToUser(db, eq(users.id, userId), accountDeletedEmail()),
    // Sessions, credentials, the profile and e-mail tokens go by cascade; payments keep their
    // row with no member (ON DELETE SET NULL).
    account: db.delete(users).where(eq(users.id, userId)),
  });
  return {
    avatarUrl: profile?.avatarUrl ?? null,
    lines: lines.map(rowToWire),
    leftChatIds: left.map((row) => row.chatId),
    formerFriendIds: friendships.map((row) => (row.userId === userId ? row.friendId : row.userId)),
  };
}
