import { TRPCError } from "@trpc/server";
import { z } from "zod";
import {
  INVALID_RESET_LINK,
  INVALID_VERIFICATION_LINK,
  NO_PASSWORD_TO_CONFIRM,
  RESET_LINK_SENT,
  WRONG_CURRENT_PASSWORD,
} from "@core/auth-messages";
import { ACCOUNT_SUSPENDED } from "@core/safety-rules";
import { namedBatch } from "@db/batch";
import { isUniqueViolation } from "@db/errors";
import { findUserById, newAccount, normalizeEmail, userByEmailQuery } from "../auth/accounts";
import { consumeVerificationToken, verificationEmail } from "../auth/email-verification";
import { decoyHash, hashPassword, verifyPassword } from "../auth/password";
import { requestPasswordReset, resetPassword } from "../auth/password-reset";
import {
  countAttempts,
  limitAttempts,
  refundAttempt,
  resetAttempts,
  tooManyAttemptsMessage,
  type Attempt,
  type RateRule,
} from "../auth/rate-limit";
import { confirmSession, newSession } from "../auth/session";
import { sendAfterResponse } from "../mail/outbox";
import { ownProfile, ownProfileQuery } from "../people/profiles";
import type { Context } from "../trpc";
import {
  publicProcedure,
  router,
  unbatchedAccountProcedure,
  unbatchedProcedure,
  unbatchedProtectedProcedure,
} from "../trpc";
import { displayNameField, emailField, linkTokenField, newPasswordField, passwordField } from "@core/fields";

const INVALID_CREDENTIALS = "Invalid email or password. Please check your credentials and try again.";
const EMAIL_TAKEN = "An account with this email already exists. Please sign in instead.";

const signUpInput = z.object({ displayName: displayNameField, email: emailField, password: newPasswordField });
const signInInput = z.object({ email: emailField, password: passwordField });

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

function rules(ctx: Context) {
  const limits = ctx.config.rateLimits;
  return {
    signInEmail: { name: "signin:email", limit: limits.signInFailuresPerEmail, windowMs: FIFTEEN_MINUTES },
    signInIp: { name: "signin:ip", limit: limits.signInFailuresPerIp, windowMs: FIFTEEN_MINUTES },
    signUpIp: { name: "signup:ip", limit: limits.signUpsPerIp, windowMs: ONE_HOUR },
    resetEmail: { name: "reset:email", limit: limits.passwordResetsPerEmail, windowMs: ONE_HOUR },
    resetIp: { name: "reset:ip", limit: limits.passwordResetsPerIp, windowMs: ONE_HOUR },
  } satisfies Record<string, RateRule>;
}

type Account = { id: string; email: string; emailVerifiedAt: Date | null };

/** What `auth.me` answers for the member, given their profile. */
const meOf = (user: Account, profile: Awaited<ReturnType<typeof ownProfile>>) => ({
  id: user.id,
  email: user.email,
  emailVerified: user.emailVerifiedAt !== null,
  profile,
});

const me = async (ctx: Pick<Context, "db">, user: Account) => meOf(user, await ownProfile(ctx.db, user.id));

/**
 * Counts the attempts and looks the address up, in one round trip; refuses when any attempt is over
 * its limit. The account is read whether or not it is refused: a read, and no answer tells of it.
 */
async function countedLookup(ctx: Context, attempts: Attempt[], email: string) {
  const counting = countAttempts(ctx.db, attempts);
  const {
    counted,
    user: [user],
  } = await namedBatch(ctx.db, { counted: counting.statements, user: userByEmailQuery(ctx.db, email) });
  counting.refuseOver(counted, tooManyAttemptsMessage);
  return user ?? null;
}

export const authRouter = router({
  /** Public, so a signed-out visitor learns it without an error; read beside the session check as a member's query is (worker/trpc.ts). */
  me: publicProcedure.query(async ({ ctx }) => {
    const claimed = ctx.claim ? ownProfile(ctx.db, ctx.claim.userId) : null;
    const [checked, profile] = await Promise.all([ctx.signedIn, claimed]);
    if (!checked) return null;
    return claimed ? meOf(checked.user, profile) : me(ctx, checked.user);
  }),

  providers: publicProcedure.query(({ ctx }) => ({ google: ctx.config.google !== null })),

  signUp: unbatchedProcedure.input(signUpInput).mutation(async ({ ctx, input }) => {
    const taken = () => new TRPCError({ code: "CONFLICT", message: EMAIL_TAKEN });
    if (await countedLookup(ctx, [[rules(ctx).signUpIp, ctx.clientIp]], input.email)) throw taken();
    const passwordHash = await hashPassword(input.password, ctx.config.passwordHashN);
    const account = newAccount(ctx.db, { email: input.email, displayName: input.displayName, passwordHash });
    const verification = await verificationEmail(ctx.db, account, ctx.appUrl);
    const session = newSession(ctx.db, ctx.auth, account.id, ctx.device);
    // The account, its profile, its verification e-mail and its session: all of them or none.
    const {
      profile: [profile],
    } = await namedBatch(ctx.db, {
      account: account.statements,
      verification: verification.statements,
      session: session.statement,
      profile: ownProfileQuery(ctx.db, account.id),
    }).catch((error: unknown) => {
      // Two sign-ups for one address can both pass the check above; the unique index decides.
      throw isUniqueViolation(error) ? taken() : error;
    });
    sendAfterResponse(ctx);
    ctx.setCookie(session.cookie);
    return meOf({ id: account.id, email: account.email, emailVerifiedAt: null }, profile ?? null);
  }),

  signIn: unbatchedProcedure.input(signInInput).mutation(async ({ ctx, input }) => {
    const { signInEmail, signInIp } = rules(ctx);
    const emailAddress = normalizeEmail(input.email);
    const byEmail: Attempt = [signInEmail, emailAddress];
    const byIp: Attempt = [signInIp, ctx.clientIp];
    const user = await countedLookup(ctx, [byEmail, byIp], emailAddress);
    const valid = user?.passwordHash
      ? await verifyPassword(user.passwordHash, input.password)
      : await verifyPassword(await decoyHash(ctx.config.passwordHashN), input.password).then(() => false);
    if (!user || !valid) throw new TRPCError({ code: "UNAUTHORIZED", message: INVALID_CREDENTIALS });
    // Said only to whoever knows the password.
    if (user.suspendedAt) throw new TRPCError({ code: "FORBIDDEN", message: ACCOUNT_SUSPENDED });
    // The limits count failures: a right password clears its address's and gives the IP its try back.
    const session = newSession(ctx.db, ctx.auth, user.id, ctx.device);
    const {
      profile: [profile],
    } = await namedBatch(ctx.db, {
      reset: resetAttempts(ctx.db, byEmail),
      refund: refundAttempt(ctx.db, byIp),
      session: session.statement,
      profile: ownProfileQuery(ctx.db, user.id),
    });
    ctx.setCookie(session.cookie);
    return meOf(user, profile ?? null);
  }),

  /**
   * Sudo mode: the signed-in member proves their password again, for this session only. Wrong
   * passwords count against the same limits as sign-in's, by the account's address and the IP.
   */
  confirmPassword: unbatchedAccountProcedure
    .input(z.object({ password: passwordField }))
    .mutation(async ({ ctx, input }) => {
      const { signInEmail, signInIp } = rules(ctx);
      const byEmail: Attempt = [signInEmail, ctx.user.email];
      const byIp: Attempt = [signInIp, ctx.clientIp];
      await limitAttempts(ctx.db, [byEmail, byIp], tooManyAttemptsMessage);
      const user = await findUserById(ctx.db, ctx.user.id);
      if (!user?.passwordHash) throw new TRPCError({ code: "BAD_REQUEST", message: NO_PASSWORD_TO_CONFIRM });
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        throw new TRPCError({ code: "BAD_REQUEST", message: WRONG_CURRENT_PASSWORD });
      }
      await ctx.db.batch([
        resetAttempts(ctx.db, byEmail),
        refundAttempt(ctx.db, byIp),
        confirmSession(ctx.db, ctx.session.id),
      ]);
      return { confirmed: true as const };
    }),

  signOut: unbatchedProtectedProcedure.mutation(async ({ ctx }) => {
    await ctx.auth.invalidateSession(ctx.session.id);
    ctx.setCookie(ctx.auth.createBlankSessionCookie());
    return null;
  }),

  /** Confirms an address and nothing more: the visitor stays who they were, signed in or not. */
  verifyEmail: unbatchedProcedure
    .input(z.object({ token: linkTokenField(INVALID_VERIFICATION_LINK) }))
    .mutation(async ({ ctx, input }) => {
      if (!(await consumeVerificationToken(ctx.db, input.token, (await ctx.signedIn)?.user.id ?? null))) {
        throw new TRPCError({ code: "BAD_REQUEST", message: INVALID_VERIFICATION_LINK });
      }
      return { verified: true as const };
    }),

  /** 'Forgot password?'. One answer for every address, and the same work behind it. */
  requestPasswordReset: unbatchedProcedure.input(z.object({ email: emailField })).mutation(async ({ ctx, input }) => {
    const { resetEmail, resetIp } = rules(ctx);
    const email = normalizeEmail(input.email);
    await limitAttempts(
      ctx.db,
      [
        [resetEmail, email],
        [resetIp, ctx.clientIp],
      ],
      tooManyAttemptsMessage,
    );
    await requestPasswordReset(ctx.db, email, ctx.appUrl);
    sendAfterResponse(ctx);
    return { message: RESET_LINK_SENT };
  }),

  /** The e-mailed link's page: a new password, every session ended, and this browser signed in anew. */
  resetPassword: unbatchedProcedure
    .input(z.object({ token: linkTokenField(INVALID_RESET_LINK), password: newPasswordField }))
    .mutation(async ({ ctx, input }) => {
      const reset = await resetPassword(
        ctx.db,
        ctx.auth,
        input.token,
        input.password,
        ctx.device,
        ctx.config.passwordHashN,
      );
      if (!reset) throw new TRPCError({ code: "BAD_REQUEST", message: INVALID_RESET_LINK });
      sendAfterResponse(ctx);
      ctx.setCookie(reset.cookie);
      return me(ctx, (await findUserById(ctx.db, reset.userId))!);
    }),
});
