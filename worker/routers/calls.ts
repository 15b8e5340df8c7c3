import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { CALL_ALONE, CALL_FULL, CALL_NOT_AVAILABLE, CALL_NOT_FRIENDS, CALLS_UNAVAILABLE } from "@core/call-rules";
import { CALL_KINDS } from "@core/enums";
import { plainText } from "@core/fields";
import { TEAM_CHAT_READ_ONLY } from "@core/team-rules";
import type { CallAnswer, CallCommand } from "@party/call-signals";
import { currentChat, currentParticipantIds } from "../chats/access";
import { areFriends } from "../chats/friendship";
import { participantsOf } from "../chats/listing";
import { writeCallHistory } from "../calls/history";
import { iceServersFor } from "../calls/ice-servers";
import { blocksAmong, reachableAmong } from "../reach/reach";
import { protectedProcedure, router, type Context } from "../trpc";

const id = plainText().trim().min(1).max(64);
const byCall = z.object({ chatId: id, callId: id });

type Ctx = Context & { user: { id: string } };

/** The call lives in the chat's room: a room that cannot be reached means no call, said plainly. */
async function askRoom(ctx: Ctx, chatId: string, command: CallCommand): Promise<CallAnswer> {
  try {
    return await ctx.rooms.callChat(chatId, command);
  } catch (cause) {
    throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: CALLS_UNAVAILABLE, cause });
  }
}

/**
 * Who a call in this chat rings: everyone else in it whom the caller may reach (a block, either
 * way, keeps a group shared but never rings across it), and in a private chat only while the two
 * are friends. A callee kept away by a block is answered as one who is not there: a private chat's
 * member who is no friend, a group with nobody else in it. With them, the blocks among the chat's
 * members, which the room holds every join to.
 */
async function calleesOf(ctx: Ctx, chatId: string, isGroup: boolean) {
  const members = await currentParticipantIds(ctx.db, chatId);
  const others = members.filter((userId) => userId !== ctx.user.id);
  if (others.length === 0) throw new TRPCError({ code: "BAD_REQUEST", message: CALL_ALONE });
  const reachable = await reachableAmong(ctx.db, ctx.user.id, others);
  if (!isGroup && (reachable.length === 0 || !(await areFriends(ctx.db, ctx.user.id, others[0]!)))) {
    throw new TRPCError({ code: "FORBIDDEN", message: CALL_NOT_FRIENDS });
  }
  if (reachable.length === 0) throw new TRPCError({ code: "BAD_REQUEST", message: CALL_ALONE });
  return { callees: reachable, blocks: await blocksAmong(ctx.db, members) };
}

/** The room's record of a call that ended, written into the history if it is not there yet. */
async function recordIfEnded(ctx: Ctx, chatId: string, answer: CallAnswer) {
  if (answer.status !== "ended" || !answer.record) return false;
  await writeCallHistory(ctx, chatId, answer.record);
  return true;
}

export const callsRouter = router({
  /**
   * Rings the chat's other members, or, when a call is already going on there, says which one to
   * join. The room refuses a fifth person ('This call is full').
   */
  start: protectedProcedure
    .input(z.object({ chatId: id, kind: z.enum(CALL_KINDS) }))
    .mutation(async ({ ctx, input }) => {
      const { chat } = await currentChat(ctx.db, input.chatId, ctx.user.id);
      // A deleted project's team chat takes no new lines, a call's history line among them.
      if (chat.archived) throw new TRPCError({ code: "FORBIDDEN", message: TEAM_CHAT_READ_ONLY });
      const { callees, blocks } = await calleesOf(ctx, chat.id, chat.isGroup);
      const me = (await participantsOf(ctx.db, chat.id, ctx.user.id)).find((p) => p.userId === ctx.user.id)!;
      const answer = await askRoom(ctx, chat.id, {
        type: "start",
        callId: crypto.randomUUID(),
        kind: input.kind,
        caller: { id: ctx.user.id, name: me.name, avatarUrl: me.avatarUrl },
        isGroup: chat.isGroup,
        callees,
        blocks,
      });
      switch (answer.status) {
        case "started":
          return { callId: answer.callId, kind: input.kind };
        case "existing":
          return { callId: answer.callId, kind: answer.kind };
        case "full":
          throw new TRPCError({ code: "CONFLICT", message: CALL_FULL });
        case "barred":
          throw new TRPCError({ code: "FORBIDDEN", message: CALL_NOT_AVAILABLE });
        default:
          throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: CALLS_UNAVAILABLE });
      }
    }),

  /** The callee says no: their pages stop ringing, and a call nobody else answered ends. */
  decline: protectedProcedure.input(byCall).mutation(async ({ ctx, input }) => {
    await currentChat(ctx.db, input.chatId, ctx.user.id);
    const answer = await askRoom(ctx, input.chatId, { type: "decline", callId: input.callId, userId: ctx.user.id });
    await recordIfEnded(ctx, input.chatId, answer);
    return { declined: true };
  }),

  /**
   * A page saw the call end: its line goes into the history, from the room's record, once. Any
   * participant's page may ask, so the line is written even when the caller's page is gone.
   */
  record: protectedProcedure.input(byCall).mutation(async ({ ctx, input }) => {
    await currentChat(ctx.db, input.chatId, ctx.user.id);
    const answer = await askRoom(ctx, input.chatId, { type: "record", callId: input.callId });
    return { recorded: await recordIfEnded(ctx, input.chatId, answer) };
  }),

  /** The STUN/TURN servers for a call in this chat; at the edge with a TURN credential minted for it. */
  iceServers: protectedProcedure.input(z.object({ chatId: id })).mutation(async ({ ctx, input }) => {
    await currentChat(ctx.db, input.chatId, ctx.user.id);
    return { iceServers: await iceServersFor(ctx.config.calls) };
  }),
});
