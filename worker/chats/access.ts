import { TRPCError } from "@trpc/server";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { chatParticipants, chats } from "../../db/schema";

export const CHAT_NOT_FOUND = "This chat does not exist or you are no longer in it.";
export const NOT_FRIENDS = "You can only message your friends.";
export const GROUP_FRIENDS_ONLY = "You can only add your friends to a group.";
export const ADMINS_ONLY = "Only a group admin can add members.";

/**
 * The chat and the caller's place in it, for current participants only. Anyone else, and an
 * unknown id, get the same answer, so ids cannot be probed.
 */
export async function currentChat(db: Db, chatId: string, userId: string) {
  const [row] = await db
    .select({ chat: chats, me: chatParticipants })
    .from(chatParticipants)
    .innerJoin(chats, eq(chats.id, chatParticipants.chatId))
    .where(
      and(eq(chatParticipants.chatId, chatId), eq(chatParticipants.userId, userId), isNull(chatParticipants.leftAt)),
    );
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: CHAT_NOT_FOUND });
  return row;
}

/** Everyone currently in the chat: who a new message is for. A query, so a batch can run it too. */
export const currentParticipants = (db: Db, chatId: string) =>
  db
    .select({ userId: chatParticipants.userId })
    .from(chatParticipants)
    .where(and(eq(chatParticipants.chatId, chatId), isNull(chatParticipants.leftAt)));

export async function currentParticipantIds(db: Db, chatId: string) {
  return (await currentParticipants(db, chatId)).map((row) => row.userId);
}
