/** Settings → Account and security: signed-in devices, the data export, deleting the account. */
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { EMAIL_REQUIRED, PASSWORD_REQUIRED, SESSION_GONE, WRONG_EMAIL, WRONG_PASSWORD } from "@core/account-rules";
import { MAX_PASSWORD_LENGTH } from "@core/rules";
import { deleteAccount } from "../account/deletion";
import { exportAccount } from "../account/export";
import { endOtherSessions, endSession, listSessions } from "../account/sessions";
import { findUserById, normalizeEmail } from "../auth/accounts";
import { verifyPassword } from "../auth/password";
import { limitAttempts, tooManyAttemptsMessage, type RateRule } from "../auth/rate-limit";
import { announceMessage, pokeMembers, tellChat } from "../rooms/notify";
import { currentParticipantIds } from "../chats/access";
import { avatarKeyOf } from "../storage/avatar-files";
import { protectedProcedure, router, unbatchedProtectedProcedure } from "../trpc";
import { plainText } from "@core/fields";
import { sendAfterResponse } from "../mail/outbox";

/** A stolen session may not guess its way to the password through this form. */
const DELETE_ATTEMPTS: RateRule = { name: "delete-account", limit: 5, windowMs: 15 * 60 * 1000 };

const deleteInput = z.object({
  /** Accounts with a password confirm with it. */
  password: plainText().max(MAX_PASSWORD_LENGTH, WRONG_PASSWORD).optional(),
  /** Google-only accounts type their e-mail address instead. */
  email: plainText().trim().max(320, WRONG_EMAIL).optional(),
});

export const accountRouter = router({
  /** The member's signed-in devices, this one first. */
  sessions: protectedProcedure.query(({ ctx }) => listSessions(ctx.db, ctx.user.id, ctx.session.id)),

  /** Signs out one of the member's devices; another member's session is none of theirs to end. */
  endSession: protectedProcedure
    .input(z.object({ handle: plainText().min(1).max(64) }))
    .mutation(async ({ ctx, input }) => {
      if (!(await endSession(ctx.db, ctx.user.id, input.handle))) {
        throw new TRPCError({ code: "NOT_FOUND", message: SESSION_GONE });
      }
      return { ended: true };
    }),

  /** Signs out every device but this one. */
  endOtherSessions: protectedProcedure.mutation(async ({ ctx }) => ({
    ended: await endOtherSessions(ctx.db, ctx.user.id, ctx.session.id),
  })),

  /** Everything the member wrote or owns, built when asked for. */
  export: protectedProcedure.query(({ ctx }) => exportAccount(ctx.db, ctx.user.id)),

  /** How the delete form asks for confirmation: a password, or the e-mail for Google-only accounts. */
  deletionCheck: protectedProcedure.query(async ({ ctx }) => {
    const user = await findUserById(ctx.db, ctx.user.id);
    return { confirmWith: user?.passwordHash ? ("password" as const) : ("email" as const) };
  }),

  /** Deletes the account once the member proved it is them; see account/deletion.ts for what stays. */
  delete: unbatchedProtectedProcedure.input(deleteInput).mutation(async ({ ctx, input }) => {
    const user = await findUserById(ctx.db, ctx.user.id);
    if (!user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Please sign in to continue." });
    if (user.passwordHash) {
      if (!input.password) throw new TRPCError({ code: "BAD_REQUEST", message: PASSWORD_REQUIRED });
      await limitAttempts(ctx.db, [[DELETE_ATTEMPTS, user.id]], tooManyAttemptsMessage);
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        throw new TRPCError({ code: "FORBIDDEN", message: WRONG_PASSWORD });
      }
    } else {
      if (!input.email) throw new TRPCError({ code: "BAD_REQUEST", message: EMAIL_REQUIRED });
      if (normalizeEmail(input.email) !== user.email) throw new TRPCError({ code: "FORBIDDEN", message: WRONG_EMAIL });
    }

    const deleted = await deleteAccount(ctx.db, user.id);
    ctx.setCookie(ctx.auth.createBlankSessionCookie());
    sendAfterResponse(ctx);

    // The rooms close the member's sockets; the others read '… left the chat' live.
    for (const chatId of deleted.leftChatIds) tellChat(ctx, chatId, { type: "left", userId: user.id });
    for (const line of deleted.lines) announceMessage(ctx, line, await currentParticipantIds(ctx.db, line.chatId));
    pokeMembers(ctx, deleted.formerFriendIds, "friend-request");
    const avatarKey = avatarKeyOf(deleted.avatarUrl);
    if (avatarKey) {
      ctx.defer(ctx.avatars.delete(avatarKey).catch((error: unknown) => console.error("avatar cleanup", error)));
    }
    return { deleted: true };
  }),
});
