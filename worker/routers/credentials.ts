/** Settings → Account and security: the password, the address and the connected Google sign-in. */
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import {
  EMAIL_TAKEN,
  GOOGLE_NOT_LINKED,
  INVALID_EMAIL_CHANGE_LINK,
  PASSWORD_CHANGED_ELSEWHERE,
  SAME_EMAIL,
  UNLINK_NEEDS_PASSWORD,
  WRONG_CURRENT_PASSWORD,
} from "@core/auth-messages";
import { isUniqueViolation } from "@db/errors";
import type { User } from "@db/schema";
import { findUserByEmail, findUserById, normalizeEmail } from "../auth/accounts";
import {
  changePassword,
  confirmEmailChange,
  pendingEmail,
  requestEmailChange,
  unlinkGoogle,
} from "../auth/credentials";
import { verifyPassword } from "../auth/password";
import { limitAttempts, refundAttempt, tooManyAttemptsMessage, type Attempt, type RateRule } from "../auth/rate-limit";
import type { Context } from "../trpc";
import { protectedProcedure, router, unbatchedProcedure, unbatchedProtectedProcedure } from "../trpc";
import { emailField, linkTokenField, newPasswordField, passwordField } from "@core/fields";
import { sendAfterResponse } from "../mail/outbox";

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

/** Wrong current passwords per member, as sign-in counts them per address. */
const passwordChecks = (ctx: Context): RateRule => ({
  name: "password:user",
  limit: ctx.config.rateLimits.signInFailuresPerEmail,
  windowMs: FIFTEEN_MINUTES,
});
/** Confirmation e-mails a member may send to new addresses. */
const EMAIL_CHANGES: RateRule = { name: "email-change:user", limit: 5, windowMs: ONE_HOUR };

async function account(ctx: Context, userId: string) {
  const user = await findUserById(ctx.db, userId);
  // The session was valid a moment ago; an account deleted since reads as signed out.
  if (!user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Please sign in to continue." });
  return user;
}

/**
 * The current password must be given when the account has one (it has none when it only ever
 * signed in with Google). Wrong ones count against the member's limit; a right one gives its try back.
 */
async function checkCurrentPassword(ctx: Context, user: User, attempts: Attempt[], currentPassword?: string) {
  const check: Attempt = [passwordChecks(ctx), user.id];
  await limitAttempts(ctx.db, user.passwordHash ? [check, ...attempts] : attempts, tooManyAttemptsMessage);
  if (!user.passwordHash) return;
  if (!currentPassword || !(await verifyPassword(user.passwordHash, currentPassword))) {
    throw new TRPCError({ code: "BAD_REQUEST", message: WRONG_CURRENT_PASSWORD });
  }
  await refundAttempt(ctx.db, check);
}

export const credentialsRouter = router({
  overview: protectedProcedure.query(async ({ ctx }) => {
    const user = await account(ctx, ctx.user.id);
    return {
      email: user.email,
      hasPassword: user.passwordHash !== null,
      google: user.googleId !== null,
      pendingEmail: await pendingEmail(ctx.db, user.id),
    };
  }),

  changePassword: unbatchedProtectedProcedure
    .input(z.object({ currentPassword: passwordField.optional(), newPassword: newPasswordField }))
    .mutation(async ({ ctx, input }) => {
      const user = await account(ctx, ctx.user.id);
      await checkCurrentPassword(ctx, user, [], input.currentPassword);
      const cookie = await changePassword(
        ctx.db,
        ctx.auth,
        user,
        input.newPassword,
        ctx.device,
        ctx.config.passwordHashN,
      );
      if (!cookie) throw new TRPCError({ code: "CONFLICT", message: PASSWORD_CHANGED_ELSEWHERE });
      sendAfterResponse(ctx);
      ctx.setCookie(cookie);
      return { changed: true as const };
    }),

  requestEmailChange: unbatchedProtectedProcedure
    .input(z.object({ newEmail: emailField, currentPassword: passwordField.optional() }))
    .mutation(async ({ ctx, input }) => {
      const user = await account(ctx, ctx.user.id);
      const newEmail = normalizeEmail(input.newEmail);
      if (newEmail === user.email) throw new TRPCError({ code: "BAD_REQUEST", message: SAME_EMAIL });
      await checkCurrentPassword(ctx, user, [[EMAIL_CHANGES, user.id]], input.currentPassword);
      // Said now to spare a wasted e-mail; the unique index decides when the link is opened.
      if (await findUserByEmail(ctx.db, newEmail)) throw new TRPCError({ code: "CONFLICT", message: EMAIL_TAKEN });
      await requestEmailChange(ctx.db, user.id, newEmail, ctx.appUrl);
      sendAfterResponse(ctx);
      return { pendingEmail: newEmail };
    }),

  /** Opened from the e-mail, on any device, signed in or not: it proves the new address only. */
  confirmEmailChange: unbatchedProcedure
    .input(z.object({ token: linkTokenField(INVALID_EMAIL_CHANGE_LINK) }))
    .mutation(async ({ ctx, input }) => {
      const email = await confirmEmailChange(ctx.db, input.token).catch((error: unknown) => {
        throw isUniqueViolation(error) ? new TRPCError({ code: "CONFLICT", message: EMAIL_TAKEN }) : error;
      });
      if (!email) throw new TRPCError({ code: "BAD_REQUEST", message: INVALID_EMAIL_CHANGE_LINK });
      sendAfterResponse(ctx);
      return { email };
    }),

  /** Google stops signing this account in; only when a password still can. */
  unlinkGoogle: protectedProcedure.mutation(async ({ ctx }) => {
    if (await unlinkGoogle(ctx.db, ctx.user.id)) return { google: false as const };
    const user = await account(ctx, ctx.user.id);
    throw new TRPCError({
      code: "BAD_REQUEST",
      message: user.googleId === null ? GOOGLE_NOT_LINKED : UNLINK_NEEDS_PASSWORD,
    });
  }),
});
