/**
 * Who is in a chat: opening a private chat with a friend, creating a group, an admin adding a
 * friend, leaving, muting. Each write checks again in its own statement what the caller checked
 * before it (friends still, not blocked), and tells the rooms after it.
 */
import { TRPCError } from "@trpc/server";
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { namedBatch } from "@db/batch";
import type { Db } from "@db/client";
import { chatParticipants, chats, type Chat } from "@db/schema";
import { JUST_WRITTEN, notificationStatements, notifiedBy, tellNotified } from "../notifications/write";
import { notBlockedBetween } from "../reach/reach";
import type { PushSenders } from "../push/outbox";
import { currentParticipantIds, NOT_FRIENDS, participantNow, placeNow } from "./access";
import { friendsCondition } from "./friendship";
import { pairKey } from "@core/friend-rules";
import { displayName } from "../people/names";
import { insertedMessage, insertMessage } from "./messages";
import { announceMessage, pokeMembers, tellChat } from "../rooms/notify";

/** What a change of membership needs: the database, the rooms to tell and the pushes to send. */
type Ctx = PushSenders & { user: { id: string }; sessionHolds?: SQL };

/** Writes a line such as 'Ada left the chat' into the history, numbered like any message. */
const systemLine = (db: Db, chatId: string, senderId: string, content: string) =>
  insertMessage(db, { chatId, senderId, clientId: `system:${crypto.randomUUID()}`, content, messageType: "system" });

/**
 * The member added to a group hears of it. Each time they are added is its own event, named by the
 * chat's `members_version` after it (it moves with every join and leave).
 */
const addedStatements = (ctx: Ctx, chatId: string, title: string | null, userId: string, happened: SQL) =>
  notificationStatements(ctx.db, {
    kind: "group_added",
    recipient: userId,
    actorId: ctx.user.id,
    subjectId: chatId,
    subjectTitle: title,
    eventKey: sql`(SELECT id || ':' || members_version FROM chats WHERE id = ${chatId})`,
    happened,
  });

/**
 * The private chat with a friend, created the first time. Exactly one per pair, even when both press
 * Message at once: the pair key is unique and the insert yields to it. A former friend gets only the
 * chat they already had, unless they blocked the other. One round trip: each write checks the
 * friendship itself (and the session, when the check rides along: `sessionInItsWrite`), and the
 * reads that say what happened go in the same transaction.
 */
export async function openPrivateChat(ctx: Ctx, friendId: string) {
  const memberId = ctx.user.id;
  const key = pairKey(memberId, friendId);
  const friends = friendsCondition(memberId, friendId);
  const friendsNow = ctx.sessionHolds ? sql`(${friends} AND ${ctx.sessionHolds})` : friends;
  const {
    friends: areFriends,
    rejoined,
    chat,
    former,
  } = await namedBatch(ctx.db, {
    friends: ctx.db.all<{ ok: number }>(sql`SELECT ${friendsNow} AS ok`),
    created: ctx.db.run(sql`
      INSERT INTO chats (id, is_group, created_by, pair_key)
      SELECT ${crypto.randomUUID()}, 0, ${memberId}, ${key}
      WHERE ${friendsNow} AND ${notBlockedBetween(memberId, friendId)}
      ON CONFLICT (pair_key) DO NOTHING`),
    participants: ctx.db.run(sql`
      INSERT INTO chat_participants (chat_id, user_id, role)
      SELECT c.id, u.value, CASE WHEN u.value = c.created_by THEN 'admin' ELSE 'member' END
      FROM chats c, json_each(${JSON.stringify([memberId, friendId])}) u
      WHERE c.pair_key = ${key} AND ${friendsNow}
      ON CONFLICT (chat_id, user_id) DO NOTHING`),
    // Pressing Message again after leaving brings the member back.
    rejoined: ctx.db
      .update(chatParticipants)
      .set({ leftAt: null })
      .where(
        and(
          eq(chatParticipants.userId, memberId),
          sql`${chatParticipants.leftAt} IS NOT NULL`,
          sql`${chatParticipants.chatId} = (SELECT id FROM chats WHERE pair_key = ${key})`,
          friendsNow,
        ),
      )
      .returning({ chatId: chatParticipants.chatId }),
    chat: ctx.db.select({ id: chats.id }).from(chats).where(eq(chats.pairKey, key)),
    // A private chat from when the two were friends, still readable unless the member blocked the other.
    former: ctx.db
      .select({ id: chats.id })
      .from(chats)
      .innerJoin(chatParticipants, eq(chatParticipants.chatId, chats.id))
      .where(and(eq(chats.pairKey, key), placeNow(memberId))),
  });
  if (!areFriends[0]?.ok) {
    if (former[0]) return { chatId: former[0].id };
    throw new TRPCError({ code: "FORBIDDEN", message: NOT_FRIENDS });
  }
  if (!chat[0]) throw new TRPCError({ code: "FORBIDDEN", message: NOT_FRIENDS });
  if (rejoined.length) tellChat(ctx, chat[0].id, { type: "joined", userId: memberId });
  pokeMembers(ctx, [friendId], "chats");
  return { chatId: chat[0].id };
}

/** One transaction: the group, its admin (the creator) and the chosen friends as members. */
export async function createGroup(ctx: Ctx, group: { name: string; description: string | null; memberIds: string[] }) {
  const { memberIds } = group;
  const chatId = crypto.randomUUID();
  const { told } = await namedBatch(ctx.db, {
    chat: ctx.db.insert(chats).values({
      id: chatId,
      title: group.name,
      description: group.description,
      isGroup: true,
      createdBy: ctx.user.id,
    }),
    admin: ctx.db.insert(chatParticipants).values({ chatId, userId: ctx.user.id, role: "admin" }),
    // Friends only, checked again in the statement itself.
    members: ctx.db.run(sql`
      INSERT INTO chat_participants (chat_id, user_id, role)
      SELECT ${chatId}, value, 'member' FROM json_each(${JSON.stringify(memberIds)})
      WHERE ${friendsCondition(ctx.user.id, sql`value`)}`),
    // Each member who is in it now (a friend a moment ago) hears of it; the chat is new, so no retry repeats it.
    told: memberIds.flatMap((userId) =>
      addedStatements(ctx, chatId, group.name, userId, sql`EXISTS (${participantNow(chatId, userId)})`),
    ),
  });
  pokeMembers(ctx, memberIds, "chats");
  tellNotified(ctx, ...notifiedBy(told));
  return { chatId };
}

/** A friend joins a group, or comes back to it; the chat reads '{admin} added {friend}'. */
export async function addMember(ctx: Ctx, chat: Chat, userId: string) {
  const {
    added,
    notice: [notified],
  } = await namedBatch(ctx.db, {
    // Friends only, checked again in the statement itself: a friend who deleted their account
    // a moment ago is not added.
    added: ctx.db.all<{ user_id: string }>(sql`
      INSERT INTO chat_participants (chat_id, user_id, role)
      SELECT ${chat.id}, ${userId}, 'member'
      WHERE ${friendsCondition(ctx.user.id, userId)}
      ON CONFLICT (chat_id, user_id) DO UPDATE SET left_at = NULL WHERE left_at IS NOT NULL
      RETURNING user_id`),
    notice: addedStatements(ctx, chat.id, chat.title, userId, JUST_WRITTEN),
  });
  if (!added.length) return { added: false };
  tellNotified(ctx, notified);
  const [adder, addee] = [await displayName(ctx.db, ctx.user.id), await displayName(ctx.db, userId)];
  const inserted = await systemLine(ctx.db, chat.id, ctx.user.id, `${adder} added ${addee}`);
  tellChat(ctx, chat.id, { type: "joined", userId });
  const line = insertedMessage(inserted);
  if (line) announceMessage(ctx, line, await currentParticipantIds(ctx.db, chat.id));
  return { added: true };
}

/** The member stops seeing and receiving the chat; the others read '… left the chat'. */
export async function leaveChat(ctx: Ctx, chatId: string) {
  const name = await displayName(ctx.db, ctx.user.id);
  const { inserted } = await namedBatch(ctx.db, {
    // Written while the member is still in, so it is numbered; then they are out.
    inserted: systemLine(ctx.db, chatId, ctx.user.id, `${name} left the chat`),
    left: ctx.db
      .update(chatParticipants)
      .set({ leftAt: new Date() })
      .where(
        and(
          eq(chatParticipants.chatId, chatId),
          eq(chatParticipants.userId, ctx.user.id),
          isNull(chatParticipants.leftAt),
        ),
      ),
  });
  tellChat(ctx, chatId, { type: "left", userId: ctx.user.id });
  const line = insertedMessage(inserted);
  if (line) announceMessage(ctx, line, await currentParticipantIds(ctx.db, chatId));
  pokeMembers(ctx, [ctx.user.id], "chats");
}

/** Mutes or unmutes the chat for the member; their other pages refresh the list. */
export async function setMuted(ctx: Ctx, chatId: string, muted: boolean) {
  await ctx.db
    .update(chatParticipants)
    .set({ muted })
    .where(and(eq(chatParticipants.chatId, chatId), eq(chatParticipants.userId, ctx.user.id)));
  pokeMembers(ctx, [ctx.user.id], "chats");
}
