import { TRPCError } from "@trpc/server";
import { z } from "zod";
import {
  MAX_MESSAGE_LENGTH,
  MESSAGE_EMPTY,
  MESSAGE_NOT_FOUND,
  MESSAGE_TOO_LONG,
  ONLY_AUTHOR_EDITS,
  ONLY_AUTHOR_OR_ADMIN_DELETES,
  MAX_SEARCH_LENGTH,
  REACTIONS,
  SEARCH_TOO_LONG,
} from "@core/chat-rules";
import { plainText } from "@core/fields";
import { MAX_PINS_PER_CHAT, ONLY_ADMINS_PIN, PINS_FULL } from "@core/pin-rules";
import { TEAM_CHAT_READ_ONLY } from "@core/team-rules";
import { ONLY_AUTHOR_REMOVES_PREVIEW } from "@core/link-previews";
import type { WireMessage } from "@party/protocol";
import { sweepUploads } from "../attachments/uploads";
import { currentChat, currentChatWith, NOT_FRIENDS } from "../chats/access";
import { editMentionStatements, resolveMentions } from "../chats/mentions";
import { pinChange, pinsFrom, pinsQuery } from "../chats/pins";
import {
  changedMessagesQuery,
  changedPage,
  deleteMessage,
  editMessage,
  removePreview,
  setReaction,
} from "../chats/message-changes";
import { tellChat } from "../rooms/notify";
import { seenMarks, seenMarksQuery } from "../chats/receipts";
import { searchMessages } from "../chats/search";
import { notifiedBy, tellNotified } from "../notifications/write";
import { protectedProcedure, router, type Context } from "../trpc";

const id = plainText().trim().min(1).max(64);
const aMessage = z.object({ chatId: id, messageId: z.number().int().positive() });

/** What a member typed in a search box, and the last result of the page before. */
const searchInput = z.object({
  query: plainText().trim().max(MAX_SEARCH_LENGTH, SEARCH_TOO_LONG),
  cursor: z.number().int().positive().nullish(),
});

type Ctx = Context & { user: { id: string } };
type Input = z.infer<typeof aMessage>;

const target = (ctx: Ctx, input: Input) => ({ ...input, memberId: ctx.user.id });

/** The change reaches every open page of the chat before the answer leaves. */
async function announced(ctx: Ctx, message: WireMessage) {
  tellChat(ctx, message.chatId, { type: "changed", message });
  await ctx.rooms.sent?.();
  return message;
}

/**
 * A change that changed nothing: the caller must be in the chat (anyone else is told it does not
 * exist), and the message there and not deleted; `rule` then refuses, or answers a retry of what is
 * already so. What is left is a private chat whose two members are no longer friends.
 */
async function unchanged(
  ctx: Ctx,
  input: Input,
  message: WireMessage | null,
  rule: (message: WireMessage, place: Awaited<ReturnType<typeof currentChat>>) => WireMessage | undefined,
) {
  const place = await currentChat(ctx.db, input.chatId, ctx.user.id);
  if (!message || message.messageType !== "text")
    throw new TRPCError({ code: "NOT_FOUND", message: MESSAGE_NOT_FOUND });
  const answer = rule(message, place);
  if (answer) return answer;
  if (message.deletedAt !== null) throw new TRPCError({ code: "NOT_FOUND", message: MESSAGE_NOT_FOUND });
  throw new TRPCError({ code: "FORBIDDEN", message: NOT_FRIENDS });
}

/**
 * Pins the message (`on`) or unpins it, answering with the chat's pins as they now are; the chat's
 * open pages refetch theirs. Pinning what is pinned, or unpinning what is not, is answered as done.
 */
async function setPin(ctx: Ctx, input: Input, on: boolean) {
  const {
    place: { chat, me },
    changed,
    message: [message],
    count: [count],
    pins,
  } = await currentChatWith(ctx.db, input.chatId, ctx.user.id, pinChange(ctx.db, target(ctx, input), on));
  if (changed.length) {
    tellChat(ctx, chat.id, { type: "pins" });
    await ctx.rooms.sent?.();
    return pinsFrom(pins);
  }
  if (!message?.standing) throw new TRPCError({ code: "NOT_FOUND", message: MESSAGE_NOT_FOUND });
  if (chat.isGroup && me.role !== "admin") throw new TRPCError({ code: "FORBIDDEN", message: ONLY_ADMINS_PIN });
  if (Boolean(message.pinned) === on) return pinsFrom(pins);
  if ((count?.n ?? 0) >= MAX_PINS_PER_CHAT) throw new TRPCError({ code: "BAD_REQUEST", message: PINS_FULL });
  if (chat.archived) throw new TRPCError({ code: "FORBIDDEN", message: TEAM_CHAT_READ_ONLY });
  throw new TRPCError({ code: "FORBIDDEN", message: NOT_FRIENDS });
}

/**
 * What members do to messages already stored: edit, delete, react, pin, take a preview off, and
 * what pages need to keep up with those (changes since a number, read receipts). Sending and reading
 * pages are chats'.
 */
export const messagesRouter = router({
  /** The author replaces their text; the earlier version stays on the server. Same text again changes nothing. */
  edit: protectedProcedure
    .input(
      aMessage.extend({
        content: plainText().trim().min(1, MESSAGE_EMPTY).max(MAX_MESSAGE_LENGTH, MESSAGE_TOO_LONG),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      // A mention added by an edit resolves as a sent one does, and the members it newly names are
      // told in the edit's own transaction.
      const resolved = await resolveMentions(ctx.db, input.chatId, ctx.user.id, input.content);
      const { content } = resolved;
      const edit = target(ctx, input);
      const { changed, message, after } = await editMessage(
        ctx.db,
        edit,
        content,
        await editMentionStatements(ctx.db, edit, resolved),
      );
      tellNotified(ctx, ...notifiedBy(after));
      if (changed) return announced(ctx, message!);
      return unchanged(ctx, input, message, (m) => {
        if (m.senderId !== ctx.user.id) throw new TRPCError({ code: "FORBIDDEN", message: ONLY_AUTHOR_EDITS });
        if (m.deletedAt === null && m.content === content) return m;
      });
    }),

  /** Deleted for everyone, in place: by its author, or in a group by an admin. Again: already done. */
  remove: protectedProcedure.input(aMessage).mutation(async ({ ctx, input }) => {
    const { changed, message } = await deleteMessage(ctx.db, target(ctx, input));
    if (changed) {
      // The deletion let go of its files (migration 0017's trigger); they leave the store now, or
      // with the scheduled job if this fails.
      ctx.defer(sweepUploads(ctx.db, ctx.attachments).catch((error: unknown) => console.error("file cleanup", error)));
      return announced(ctx, message!);
    }
    return unchanged(ctx, input, message, (m, { chat, me }) => {
      if (m.senderId !== ctx.user.id && !(chat.isGroup && me.role === "admin")) {
        throw new TRPCError({ code: "FORBIDDEN", message: ONLY_AUTHOR_OR_ADMIN_DELETES });
      }
      if (m.deletedAt !== null) return m;
    });
  }),

  /** Puts the member's reaction on or takes it off: setting what is already so is answered as done. */
  react: protectedProcedure
    .input(aMessage.extend({ emoji: z.enum(REACTIONS), on: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      const { changed, message } = await setReaction(ctx.db, target(ctx, input), input.emoji, input.on);
      if (changed) return announced(ctx, message!);
      return unchanged(ctx, input, message, (m) => {
        const mine = m.reactions[input.emoji]?.includes(ctx.user.id) ?? false;
        if (m.deletedAt === null && mine === input.on) return m;
      });
    }),

  /** The author takes the link preview off their message, for everyone. Again: already done. */
  removePreview: protectedProcedure.input(aMessage).mutation(async ({ ctx, input }) => {
    const { changed, message } = await removePreview(ctx.db, target(ctx, input));
    if (changed) return announced(ctx, message!);
    return unchanged(ctx, input, message, (m) => {
      if (m.senderId !== ctx.user.id) throw new TRPCError({ code: "FORBIDDEN", message: ONLY_AUTHOR_REMOVES_PREVIEW });
      if (m.deletedAt === null && m.previewRemoved) return m;
    });
  }),

  /** Either member of a private chat, or a group's admin, pins a message for everyone in the chat. */
  pin: protectedProcedure.input(aMessage).mutation(({ ctx, input }) => setPin(ctx, input, true)),

  /** Takes a pin off, by the same members who may pin. */
  unpin: protectedProcedure.input(aMessage).mutation(({ ctx, input }) => setPin(ctx, input, false)),

  /** The chat's pinned messages, newest pin first: the header's pins panel. */
  pins: protectedProcedure.input(z.object({ chatId: id })).query(async ({ ctx, input }) => {
    const { pins } = await currentChatWith(ctx.db, input.chatId, ctx.user.id, {
      pins: pinsQuery(ctx.db, input.chatId),
    });
    return pinsFrom(pins);
  }),

  /** Messages edited, deleted or reacted to after change number `afterChange`, as they are now: a page catching up. */
  changes: protectedProcedure
    .input(z.object({ chatId: id, afterChange: z.number().int().min(0) }))
    .query(async ({ ctx, input }) => {
      const {
        place: { chat },
        rows,
      } = await currentChatWith(ctx.db, input.chatId, ctx.user.id, {
        rows: changedMessagesQuery(ctx.db, input.chatId, input.afterChange),
      });
      return changedPage(rows, input.afterChange, chat.changeSeq);
    }),

  /** Messages of the chat matching the words, newest first, a page at a time. */
  search: protectedProcedure.input(searchInput.extend({ chatId: id })).query(async ({ ctx, input }) => {
    await currentChat(ctx.db, input.chatId, ctx.user.id);
    return searchMessages(ctx.db, input.query, {
      memberId: ctx.user.id,
      chatId: input.chatId,
      before: input.cursor ?? undefined,
    });
  }),

  /** Messages matching the words across every chat the member is in, newest first, a page at a time. */
  searchAll: protectedProcedure
    .input(searchInput)
    .query(({ ctx, input }) =>
      searchMessages(ctx.db, input.query, { memberId: ctx.user.id, before: input.cursor ?? undefined }),
    ),

  /** How far each of the others has displayed the chat, for a member who shares their own. */
  receipts: protectedProcedure.input(z.object({ chatId: id })).query(async ({ ctx, input }) => {
    const { marks } = await currentChatWith(ctx.db, input.chatId, ctx.user.id, {
      marks: seenMarksQuery(ctx.db, input.chatId, ctx.user.id),
    });
    return seenMarks(marks);
  }),
});
