import { TRPCError } from "@trpc/server";
import { and, eq, isNull, not, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import {
  GROUP_NAME_REQUIRED,
  GROUP_NAME_TOO_LONG,
  MAX_GROUP_DESCRIPTION_LENGTH,
  MAX_GROUP_MEMBERS,
  MAX_GROUP_NAME_LENGTH,
  MAX_MESSAGE_LENGTH,
  MESSAGE_EMPTY,
  MESSAGE_TOO_LONG,
  REPLY_NOT_FOUND,
} from "@core/chat-rules";
import {
  ATTACHMENT_UNAVAILABLE,
  filesSummary,
  MAX_ATTACHMENTS_PER_MESSAGE,
  TOO_MANY_ATTACHMENTS,
} from "@core/attachment-rules";
import { chatParticipants, chats } from "@db/schema";
import { signTicket } from "@party/ticket";
import {
  ADMINS_ONLY,
  CHAT_NOT_FOUND,
  currentChat,
  currentParticipantIds,
  GROUP_FRIENDS_ONLY,
  NOT_FRIENDS,
  participantNow,
  recipientsAt,
} from "../chats/access";
import { insertMessageCarrying } from "../attachments/send";
import { claimableCount } from "../attachments/uploads";
import { areFriends, friendsCondition, notFriends, pairKey } from "../chats/friendship";
import { mayReach, notBlockedBetween, privateChatHiddenFrom } from "../safety/reach";
import { chatSummary, displayName, listChats, participantsOf } from "../chats/listing";
import {
  insertedMessage,
  insertMessage,
  messageByClientId,
  messageInChat,
  readMessages,
  rowToWire,
  type MessageRow,
} from "../chats/messages";
import { announceMessage, pokeMembers, tellChat } from "../chats/notify";
import { mentionStatements, resolveMentions } from "../chats/mentions";
import { markDisplayed, receiptAudience } from "../chats/receipts";
import { JUST_WRITTEN, notificationStatements, notifiedBy, tellNotified } from "../notifications/write";
import { pushAfterResponse } from "../push/outbox";
import { queueMessagePush } from "../push/message-push";
import { protectedProcedure, router, type Context } from "../trpc";
import { plainText } from "@core/fields";
import { TEAM_CHAT_FOLLOWS_TEAM, TEAM_CHAT_READ_ONLY } from "@core/team-rules";

const id = plainText().trim().min(1).max(64);
const byChat = z.object({ chatId: id });
const seq = z.number().int().min(0);

const sendInput = z
  .object({
    chatId: id,
    /** Chosen by the browser per message and kept across retries. */
    clientId: plainText().min(8).max(64),
    content: plainText().trim().max(MAX_MESSAGE_LENGTH, MESSAGE_TOO_LONG),
    /** The message this one answers, in the same chat. */
    replyToId: z.number().int().positive().nullish(),
    /** Files the sender uploaded to this chat (attachments.upload) for this message, in order. */
    attachmentIds: z
      .array(id)
      .max(MAX_ATTACHMENTS_PER_MESSAGE, TOO_MANY_ATTACHMENTS)
      .transform((ids) => [...new Set(ids)])
      .optional(),
  })
  .refine((input) => input.content.length > 0 || !!input.attachmentIds?.length, {
    message: MESSAGE_EMPTY,
    path: ["content"],
  });

const createGroupInput = z.object({
  name: plainText(GROUP_NAME_REQUIRED)
    .trim()
    .min(1, GROUP_NAME_REQUIRED)
    .max(MAX_GROUP_NAME_LENGTH, GROUP_NAME_TOO_LONG),
  description: plainText().trim().max(MAX_GROUP_DESCRIPTION_LENGTH).optional(),
  memberIds: z.array(id).max(MAX_GROUP_MEMBERS).default([]),
});

const CLIENT_ID_TAKEN = "This message id is already in use.";

type Ctx = Context & { user: { id: string } };

/** Writes a line such as 'Ada left the chat' into the history, numbered like any message. */
const systemLine = (ctx: Ctx, chatId: string, content: string) =>
  insertMessage(ctx.db, {
    chatId,
    senderId: ctx.user.id,
    clientId: `system:${crypto.randomUUID()}`,
    content,
    messageType: "system",
  });

/**
 * Why a send stored nothing: a retry of a stored message (answered with it, as the first try was),
 * a chat the sender is not in, a reply to what is not in the chat, or a private chat with someone who
 * is no longer a friend.
 */
async function storedOrRefused(ctx: Ctx, input: z.infer<typeof sendInput>) {
  const { chat } = await currentChat(ctx.db, input.chatId, ctx.user.id);
  const stored = await messageByClientId(ctx.db, ctx.user.id, input.clientId);
  if (stored?.chatId === chat.id) return stored;
  if (stored) throw new TRPCError({ code: "CONFLICT", message: CLIENT_ID_TAKEN });
  if (chat.archived) throw new TRPCError({ code: "FORBIDDEN", message: TEAM_CHAT_READ_ONLY });
  if (input.replyToId && !(await messageInChat(ctx.db, chat.id, input.replyToId))) {
    throw new TRPCError({ code: "BAD_REQUEST", message: REPLY_NOT_FOUND });
  }
  const files = input.attachmentIds ?? [];
  if (files.length && (await claimableCount(ctx.db, chat.id, ctx.user.id, files)) < files.length) {
    throw new TRPCError({ code: "BAD_REQUEST", message: ATTACHMENT_UNAVAILABLE });
  }
  if (!chat.isGroup) throw new TRPCError({ code: "FORBIDDEN", message: NOT_FRIENDS });
  // They left between the two statements.
  throw new TRPCError({ code: "NOT_FOUND", message: CHAT_NOT_FOUND });
}

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

async function ticketFor(ctx: Ctx, room: "chat-room" | "member-room", name: string) {
  return {
    host: ctx.config.partyHost,
    ticket: await signTicket(ctx.config.partySecret, { userId: ctx.user.id, room, name }),
  };
}

export const chatsRouter = router({
  /** The Chats or Groups tab: newest activity first, with preview, member count and unread count. */
  list: protectedProcedure
    .input(
      z.object({
        kind: z.enum(["chats", "groups"]),
        cursor: z.object({ updatedAt: z.number(), id }).nullish(),
      }),
    )
    .query(({ ctx, input }) => listChats(ctx.db, ctx.user.id, input.kind, input.cursor ?? null)),

  /** Tab counts and the sidebar's unread badge. */
  summary: protectedProcedure.query(({ ctx }) => chatSummary(ctx.db, ctx.user.id)),

  /** The chat page's header and everyone who ever wrote in it. */
  byId: protectedProcedure.input(byChat).query(async ({ ctx, input }) => {
    const { chat, me } = await currentChat(ctx.db, input.chatId, ctx.user.id);
    return {
      id: chat.id,
      isGroup: chat.isGroup,
      title: chat.title,
      description: chat.description,
      lastSeq: chat.lastSeq,
      /** A team chat's project (its page links there); read-only once the project is deleted. */
      projectId: chat.projectId,
      archived: chat.archived,
      me: { role: me.role, muted: me.muted, lastReadSeq: me.lastReadSeq, seenSeq: me.seenSeq },
      participants: await participantsOf(ctx.db, chat.id, ctx.user.id),
    };
  }),

  messages: protectedProcedure
    .input(z.object({ chatId: id, afterSeq: seq.optional(), beforeSeq: seq.optional() }))
    .query(async ({ ctx, input }) => {
      const { chat, me } = await currentChat(ctx.db, input.chatId, ctx.user.id);
      return {
        ...(await readMessages(ctx.db, input.chatId, input)),
        // The chat's change number, read before the page: a page catching up on edits, deletions and
        // reactions (messages.changes) starts after it.
        changedUpTo: chat.changeSeq,
        // Where the member's unread messages begin, as the page opens.
        lastReadSeq: me.lastReadSeq,
      };
    }),

  /**
   * Stores a message once, however often the browser retries it, then tells the room. The room
   * being unreachable does not fail the send: pages catch up by sequence number.
   */
  send: protectedProcedure.input(sendInput).mutation(async ({ ctx, input }) => {
    // One statement checks who may post, stores the message and, by its triggers, moves the chat
    // and the sender's read mark: the common case is a single round to the database. With push on,
    // the recipient's push is queued in the same batch, by the statement right after it; each member
    // a group message mentions is notified by the statements after that. A message carrying files
    // claims them in between (attachments/send.ts).
    const resolved = await resolveMentions(ctx.db, input.chatId, ctx.user.id, input.content);
    const sent = { ...input, content: resolved.content, senderId: ctx.user.id };
    const files = input.attachmentIds ?? [];
    const pushes = ctx.config.push
      ? [queueMessagePush(ctx.db, { ...sent, content: sent.content || filesSummary(files.length) })]
      : [];
    const mentions = mentionStatements(ctx.db, sent, resolved);
    let row: (MessageRow & { members_version: number }) | undefined;
    let after: unknown[];
    if (files.length) {
      const message = { ...sent, messageType: "text" as const, attachmentIds: files };
      ({ row, after } = await insertMessageCarrying(ctx.db, message, [...pushes, ...mentions]));
    } else {
      const store = insertMessage(ctx.db, { ...sent, messageType: "text" });
      [[row], ...after] =
        pushes.length + mentions.length ? await ctx.db.batch([store, ...pushes, ...mentions]) : [await store];
    }
    if (!row) return storedOrRefused(ctx, input);
    const stored = rowToWire(row);
    announceMessage(ctx, stored, await recipientsAt(ctx.db, input.chatId, row.members_version));
    const [pushed] = after.slice(0, pushes.length) as { rowsAffected: number }[];
    if (pushed?.rowsAffected) pushAfterResponse(ctx);
    tellNotified(ctx, ...notifiedBy(after.slice(pushes.length)));
    await ctx.rooms.sent?.();
    return stored;
  }),

  /**
   * The member's page displayed everything up to `seq` (on screen, page visible): marks it read and,
   * while they send read receipts, seen; never moves backwards.
   */
  markRead: protectedProcedure.input(z.object({ chatId: id, seq })).mutation(async ({ ctx, input }) => {
    const { chat, me } = await currentChat(ctx.db, input.chatId, ctx.user.id);
    const upTo = Math.min(input.seq, chat.lastSeq);
    const marks = await markDisplayed(ctx.db, chat.id, ctx.user.id, upTo);
    // The member's other pages drop the badge too.
    if (marks && marks.last_read_seq > me.lastReadSeq) pokeMembers(ctx, [ctx.user.id], "chats");
    if (marks && marks.seen_seq > me.seenSeq) {
      const audience = await receiptAudience(ctx.db, chat.id, ctx.user.id);
      tellChat(ctx, chat.id, { type: "seen", userId: ctx.user.id, seq: marks.seen_seq, audience });
    }
    return { lastReadSeq: upTo };
  }),

  setMuted: protectedProcedure.input(z.object({ chatId: id, muted: z.boolean() })).mutation(async ({ ctx, input }) => {
    await currentChat(ctx.db, input.chatId, ctx.user.id);
    await ctx.db
      .update(chatParticipants)
      .set({ muted: input.muted })
      .where(and(eq(chatParticipants.chatId, input.chatId), eq(chatParticipants.userId, ctx.user.id)));
    pokeMembers(ctx, [ctx.user.id], "chats");
    return { muted: input.muted };
  }),

  /**
   * Opens the private chat with a friend, creating it the first time. Exactly one per pair, even
   * when both press Message at once: the pair key is unique and the insert yields to it.
   */
  openPrivate: protectedProcedure.input(z.object({ friendId: id })).mutation(async ({ ctx, input }) => {
    if (input.friendId === ctx.user.id) throw new TRPCError({ code: "BAD_REQUEST", message: NOT_FRIENDS });
    const key = pairKey(ctx.user.id, input.friendId);
    if (!(await areFriends(ctx.db, ctx.user.id, input.friendId))) {
      // A chat from when they were friends stays readable, unless the caller blocked the other; no new one starts.
      const [existing] = await ctx.db
        .select({ id: chats.id })
        .from(chats)
        .innerJoin(chatParticipants, eq(chatParticipants.chatId, chats.id))
        .where(
          and(
            eq(chats.pairKey, key),
            eq(chatParticipants.userId, ctx.user.id),
            isNull(chatParticipants.leftAt),
            not(privateChatHiddenFrom(ctx.user.id)),
          ),
        );
      if (existing) return { chatId: existing.id };
      throw new TRPCError({ code: "FORBIDDEN", message: NOT_FRIENDS });
    }
    const [, , rejoined] = await ctx.db.batch([
      ctx.db.run(sql`
        INSERT INTO chats (id, is_group, created_by, pair_key)
        SELECT ${crypto.randomUUID()}, 0, ${ctx.user.id}, ${key}
        WHERE ${friendsCondition(ctx.user.id, input.friendId)} AND ${notBlockedBetween(ctx.user.id, input.friendId)}
        ON CONFLICT (pair_key) DO NOTHING`),
      ctx.db.run(sql`
        INSERT INTO chat_participants (chat_id, user_id, role)
        SELECT c.id, u.value, CASE WHEN u.value = c.created_by THEN 'admin' ELSE 'member' END
        FROM chats c, json_each(${JSON.stringify([ctx.user.id, input.friendId])}) u
        WHERE c.pair_key = ${key}
        ON CONFLICT (chat_id, user_id) DO NOTHING`),
      // Pressing Message again after leaving brings the member back.
      ctx.db
        .update(chatParticipants)
        .set({ leftAt: null })
        .where(
          and(
            eq(chatParticipants.userId, ctx.user.id),
            sql`${chatParticipants.leftAt} IS NOT NULL`,
            sql`${chatParticipants.chatId} = (SELECT id FROM chats WHERE pair_key = ${key})`,
          ),
        )
        .returning({ chatId: chatParticipants.chatId }),
    ]);
    const [chat] = await ctx.db.select({ id: chats.id }).from(chats).where(eq(chats.pairKey, key));
    if (!chat) throw new TRPCError({ code: "FORBIDDEN", message: NOT_FRIENDS });
    if (rejoined.length) tellChat(ctx, chat.id, { type: "joined", userId: ctx.user.id });
    pokeMembers(ctx, [input.friendId], "chats");
    return { chatId: chat.id };
  }),

  /** One transaction: the group, its admin (the creator) and the chosen friends as members. */
  createGroup: protectedProcedure.input(createGroupInput).mutation(async ({ ctx, input }) => {
    const memberIds = [...new Set(input.memberIds)].filter((userId) => userId !== ctx.user.id);
    if ((await notFriends(ctx.db, ctx.user.id, memberIds)).length) {
      throw new TRPCError({ code: "BAD_REQUEST", message: GROUP_FRIENDS_ONLY });
    }
    const chatId = crypto.randomUUID();
    const [, , , ...told] = await ctx.db.batch([
      ctx.db.insert(chats).values({
        id: chatId,
        title: input.name,
        description: input.description || null,
        isGroup: true,
        createdBy: ctx.user.id,
      }),
      ctx.db.insert(chatParticipants).values({ chatId, userId: ctx.user.id, role: "admin" }),
      // Friends only, checked again in the statement itself.
      ctx.db.run(sql`
        INSERT INTO chat_participants (chat_id, user_id, role)
        SELECT ${chatId}, value, 'member' FROM json_each(${JSON.stringify(memberIds)})
        WHERE ${friendsCondition(ctx.user.id, sql`value`)}`),
      // Each member who is in it now (a friend a moment ago) hears of it; the chat is new, so no retry repeats it.
      ...memberIds.flatMap((userId) =>
        addedStatements(ctx, chatId, input.name, userId, sql`EXISTS (${participantNow(chatId, userId)})`),
      ),
    ]);
    pokeMembers(ctx, memberIds, "chats");
    tellNotified(ctx, ...notifiedBy(told));
    return { chatId };
  }),

  /** An admin adds a friend to a group; someone who left comes back. */
  addMember: protectedProcedure.input(z.object({ chatId: id, userId: id })).mutation(async ({ ctx, input }) => {
    const { chat, me } = await currentChat(ctx.db, input.chatId, ctx.user.id);
    if (!chat.isGroup || me.role !== "admin") throw new TRPCError({ code: "FORBIDDEN", message: ADMINS_ONLY });
    if (chat.projectId) throw new TRPCError({ code: "FORBIDDEN", message: TEAM_CHAT_FOLLOWS_TEAM });
    if (!(await areFriends(ctx.db, ctx.user.id, input.userId))) {
      throw new TRPCError({ code: "BAD_REQUEST", message: GROUP_FRIENDS_ONLY });
    }
    const [added, notified] = await ctx.db.batch([
      // Friends only, checked again in the statement itself: a friend who deleted their account
      // a moment ago is not added.
      ctx.db.all<{ user_id: string }>(sql`
        INSERT INTO chat_participants (chat_id, user_id, role)
        SELECT ${chat.id}, ${input.userId}, 'member'
        WHERE ${friendsCondition(ctx.user.id, input.userId)}
        ON CONFLICT (chat_id, user_id) DO UPDATE SET left_at = NULL WHERE left_at IS NOT NULL
        RETURNING user_id`),
      ...addedStatements(ctx, chat.id, chat.title, input.userId, JUST_WRITTEN),
    ]);
    if (!added.length) return { added: false };
    tellNotified(ctx, notified);
    const inserted = await systemLine(
      ctx,
      chat.id,
      `${await displayName(ctx.db, ctx.user.id)} added ${await displayName(ctx.db, input.userId)}`,
    );
    tellChat(ctx, chat.id, { type: "joined", userId: input.userId });
    const line = insertedMessage(inserted);
    if (line) announceMessage(ctx, line, await currentParticipantIds(ctx.db, chat.id));
    return { added: true };
  }),

  /** The member stops seeing and receiving the chat; the others read '… left the chat'. */
  leave: protectedProcedure.input(byChat).mutation(async ({ ctx, input }) => {
    const { chat } = await currentChat(ctx.db, input.chatId, ctx.user.id);
    // Members leave a live team chat by leaving the project; an archived one anyone may leave.
    if (chat.projectId && !chat.archived) throw new TRPCError({ code: "FORBIDDEN", message: TEAM_CHAT_FOLLOWS_TEAM });
    const name = await displayName(ctx.db, ctx.user.id);
    const [inserted] = await ctx.db.batch([
      // Written while the member is still in, so it is numbered; then they are out.
      systemLine(ctx, chat.id, `${name} left the chat`),
      ctx.db
        .update(chatParticipants)
        .set({ leftAt: new Date() })
        .where(
          and(
            eq(chatParticipants.chatId, chat.id),
            eq(chatParticipants.userId, ctx.user.id),
            isNull(chatParticipants.leftAt),
          ),
        ),
    ]);
    tellChat(ctx, chat.id, { type: "left", userId: ctx.user.id });
    const line = insertedMessage(inserted);
    if (line) announceMessage(ctx, line, await currentParticipantIds(ctx.db, chat.id));
    pokeMembers(ctx, [ctx.user.id], "chats");
    return { left: true };
  }),

  /**
   * A short-lived pass into the chat's room, for current participants only; in a private chat, only
   * while the two may reach each other (the room carries typing, presence and calls' signalling).
   */
  ticket: protectedProcedure.input(byChat).mutation(async ({ ctx, input }) => {
    const { chat } = await currentChat(ctx.db, input.chatId, ctx.user.id);
    const other = chat.pairKey?.split(" ").find((id) => id !== ctx.user.id);
    if (other && !(await mayReach(ctx.db, ctx.user.id, other))) {
      throw new TRPCError({ code: "NOT_FOUND", message: CHAT_NOT_FOUND });
    }
    return ticketFor(ctx, "chat-room", input.chatId);
  }),

  /** A short-lived pass into the member's own room, which keeps badges and lists live. */
  memberTicket: protectedProcedure.mutation(async ({ ctx }) => ({
    ...(await ticketFor(ctx, "member-room", ctx.user.id)),
    userId: ctx.user.id,
  })),
});
