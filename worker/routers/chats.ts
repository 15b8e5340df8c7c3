import { TRPCError } from "@trpc/server";
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
import {
  ADMINS_ONLY,
  CHAT_NOT_FOUND,
  currentChat,
  currentChatWith,
  pairReachQuery,
  GROUP_FRIENDS_ONLY,
  NOT_FRIENDS,
  recipientsAt,
} from "../chats/access";
import { insertMessageCarrying } from "../chats/message-files";
import { claimableCount } from "../attachments/uploads";
import { areFriends, notFriends } from "../chats/friendship";
import { chatSummary, listChats, participantsFrom, participantsQuery } from "../chats/listing";
import { addMember, createGroup, leaveChat, openPrivateChat, setMuted } from "../chats/membership";
import {
  insertMessage,
  messageByClientId,
  messageInChat,
  messagePage,
  messagePageQuery,
  rowToWire,
  type MessageRow,
} from "../chats/messages";
import { announceMessage, pokeMembers, tellChat } from "../rooms/notify";
import { mentionStatements, resolveMentions } from "../chats/mentions";
import { markDisplayedQuery, receiptAudienceQuery } from "../chats/receipts";
import { notifiedBy, tellNotified } from "../notifications/write";
import { pushAfterResponse } from "../push/outbox";
import { queueMessagePush } from "../push/message-push";
import { followUpSoon } from "../chats/send-follow-up";
import { roomTicket } from "../rooms/tickets";
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
    const {
      place: { chat, me },
      participants,
    } = await currentChatWith(ctx.db, input.chatId, ctx.user.id, {
      participants: participantsQuery(ctx.db, input.chatId, ctx.user.id),
    });
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
      participants: participantsFrom(participants),
    };
  }),

  messages: protectedProcedure
    .input(z.object({ chatId: id, afterSeq: seq.optional(), beforeSeq: seq.optional() }))
    .query(async ({ ctx, input }) => {
      const {
        place: { chat, me },
        rows,
      } = await currentChatWith(ctx.db, input.chatId, ctx.user.id, {
        rows: messagePageQuery(ctx.db, input.chatId, input),
      });
      return {
        ...messagePage(rows, input),
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
  send: protectedProcedure
    .meta({ sessionInItsWrite: true })
    .input(sendInput)
    .mutation(async ({ ctx, input }) => {
      // One statement checks who may post, stores the message and, by its triggers, moves the chat
      // and the sender's read mark: the common case is a single round to the database. With push on,
      // the recipient's push is queued in the same batch, by the statement right after it; each member
      // a group message mentions is notified by the statements after that. A message carrying files
      // claims them in between (attachments/send.ts).
      const resolved = await resolveMentions(ctx.db, input.chatId, ctx.user.id, input.content);
      // The sender's session check rides in the insert, so the send waits for one round trip, not two.
      const sent = { ...input, content: resolved.content, senderId: ctx.user.id, sessionHolds: ctx.sessionHolds };
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
      // The search index and the digest's due times follow once the answer is on its way.
      ctx.defer(followUpSoon(ctx.db));
      await ctx.rooms.sent?.();
      return stored;
    }),

  /**
   * The member's page displayed everything up to `seq` (on screen, page visible): marks it read and,
   * while they send read receipts, seen; never moves backwards.
   */
  markRead: protectedProcedure
    .meta({ sessionInItsWrite: true })
    .input(z.object({ chatId: id, seq }))
    .mutation(async ({ ctx, input }) => {
      // One round trip, beside the session check its write carries: the place is read before the
      // marks move, so what moved is known.
      const {
        place: { chat, me },
        marks: [marks],
        audience,
      } = await currentChatWith(ctx.db, input.chatId, ctx.user.id, {
        marks: markDisplayedQuery(ctx.db, input.chatId, ctx.user.id, input.seq, ctx.sessionHolds),
        audience: receiptAudienceQuery(ctx.db, input.chatId, ctx.user.id),
      });
      // The member's other pages drop the badge too.
      if (marks && marks.last_read_seq > me.lastReadSeq) pokeMembers(ctx, [ctx.user.id], "chats");
      if (marks && marks.seen_seq > me.seenSeq) {
        tellChat(ctx, chat.id, {
          type: "seen",
          userId: ctx.user.id,
          seq: marks.seen_seq,
          audience: audience.map((row) => row.user_id),
        });
      }
      return { lastReadSeq: Math.min(input.seq, chat.lastSeq) };
    }),

  setMuted: protectedProcedure.input(z.object({ chatId: id, muted: z.boolean() })).mutation(async ({ ctx, input }) => {
    await currentChat(ctx.db, input.chatId, ctx.user.id);
    await setMuted(ctx, input.chatId, input.muted);
    return { muted: input.muted };
  }),

  /** Opens the private chat with a friend, creating it the first time. */
  openPrivate: protectedProcedure
    .meta({ sessionInItsWrite: true })
    .input(z.object({ friendId: id }))
    .mutation(({ ctx, input }) => {
      if (input.friendId === ctx.user.id) throw new TRPCError({ code: "BAD_REQUEST", message: NOT_FRIENDS });
      return openPrivateChat(ctx, input.friendId);
    }),

  createGroup: protectedProcedure.input(createGroupInput).mutation(async ({ ctx, input }) => {
    const memberIds = [...new Set(input.memberIds)].filter((userId) => userId !== ctx.user.id);
    if ((await notFriends(ctx.db, ctx.user.id, memberIds)).length) {
      throw new TRPCError({ code: "BAD_REQUEST", message: GROUP_FRIENDS_ONLY });
    }
    return createGroup(ctx, { name: input.name, description: input.description || null, memberIds });
  }),

  /** An admin adds a friend to a group; someone who left comes back. */
  addMember: protectedProcedure.input(z.object({ chatId: id, userId: id })).mutation(async ({ ctx, input }) => {
    const { chat, me } = await currentChat(ctx.db, input.chatId, ctx.user.id);
    if (!chat.isGroup || me.role !== "admin") throw new TRPCError({ code: "FORBIDDEN", message: ADMINS_ONLY });
    if (chat.projectId) throw new TRPCError({ code: "FORBIDDEN", message: TEAM_CHAT_FOLLOWS_TEAM });
    if (!(await areFriends(ctx.db, ctx.user.id, input.userId))) {
      throw new TRPCError({ code: "BAD_REQUEST", message: GROUP_FRIENDS_ONLY });
    }
    return addMember(ctx, chat, input.userId);
  }),

  leave: protectedProcedure.input(byChat).mutation(async ({ ctx, input }) => {
    const { chat } = await currentChat(ctx.db, input.chatId, ctx.user.id);
    // Members leave a live team chat by leaving the project; an archived one anyone may leave.
    if (chat.projectId && !chat.archived) throw new TRPCError({ code: "FORBIDDEN", message: TEAM_CHAT_FOLLOWS_TEAM });
    await leaveChat(ctx, chat.id);
    return { left: true };
  }),

  /**
   * A short-lived pass into the chat's room, for current participants only; in a private chat, only
   * while the two may reach each other (the room carries typing, presence and calls' signalling).
   */
  ticket: protectedProcedure.input(byChat).query(async ({ ctx, input }) => {
    const { reach } = await currentChatWith(ctx.db, input.chatId, ctx.user.id, {
      reach: pairReachQuery(ctx.db, input.chatId, ctx.user.id),
    });
    if (reach.some((row) => !row.ok)) throw new TRPCError({ code: "NOT_FOUND", message: CHAT_NOT_FOUND });
    return roomTicket(ctx.config, ctx.user.id, "chat-room", input.chatId);
  }),

  /** A short-lived pass into the member's own room, which keeps badges and lists live. */
  memberTicket: protectedProcedure.query(async ({ ctx }) => ({
    ...(await roomTicket(ctx.config, ctx.user.id, "member-room", ctx.user.id)),
    userId: ctx.user.id,
  })),
});
