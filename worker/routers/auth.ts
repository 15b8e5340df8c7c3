import { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { INVALID_VERIFICATION_LINK } from "../../db/auth-messages";
import { profiles } from "../../db/schema";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT } from "../../db/rules";
import {
  createAccount,
  findUserByEmail,
  isUniqueViolation,
  normalizeEmail,
} from "../auth/accounts";
import { consumeVerificationToken, sendVerificationEmail } from "../auth/email-verification";
import { decoyHash, hashPassword, verifyPassword } from "../auth/password";
import { rateLimiter, tooManyAttemptsMessage, type RateRule } from "../auth/rate-limit";
import { startSession } from "../auth/session";
import type { Context } from "../trpc";
import { protectedProcedure, publicProcedure, router } from "../trpc";
import { displayNameField, emailField, plainText } from "./fields";

const INVALID_CREDENTIALS = "Invalid email or password. Please check your credentials and try again.";
const EMAIL_TAKEN = "An account with this email already exists. Please sign in instead.";

const tooLongPassword = `Password must be at most ${MAX_PASSWORD_LENGTH} characters long.`;

const signUpInput = z.object({
  displayName: displayNameField,
  email: emailField,
  password: plainText("Please enter a password.")
    .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
    .max(MAX_PASSWORD_LENGTH, tooLongPassword),
});

const signInInput = z.object({
  email: emailField,
  password: plainText("Please enter your password.")
    .min(1, "Please enter your password.")
    .max(MAX_PASSWORD_LENGTH, tooLongPassword),
});

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

function rules(ctx: Context) {
  const limits = ctx.config.rateLimits;
  return {
    signInEmail: { name: "signin:email", limit: limits.signInFailuresPerEmail, windowMs: FIFTEEN_MINUTES },
    signInIp: { name: "signin:ip", limit: limits.signInFailuresPerIp, windowMs: FIFTEEN_MINUTES },
    signUpIp: { name: "signup:ip", limit: limits.signUpsPerIp, windowMs: ONE_HOUR },
  } satisfies Record<string, RateRule>;
}

async function refuseWhenLimited(limiter: ReturnType<typeof rateLimiter>, checks: [RateRule, string][]) {
  for (const [rule, subject] of checks) {
    const wait = await limiter.blockedFor(rule, subject);
    if (wait !== null) throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: tooManyAttemptsMessage(wait) });
  }
}

async function me(ctx: Pick<Context, "db">, user: { id: string; email: string; emailVerifiedAt: Date | null }) {
  const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, user.id));
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    profile: profile ?? null,
  };
}

export const authRouter = router({
  me: publicProcedure.query(({ ctx }) => (ctx.user ? me(ctx, ctx.user) : null)),

  providers: publicProcedure.query(({ ctx }) => ({ google: ctx.config.google !== null })),

  signUp: publicProcedure.input(signUpInput).mutation(async ({ ctx, input }) => {
    const limiter = rateLimiter(ctx.db);
    const { signUpIp } = rules(ctx);
    await refuseWhenLimited(limiter, [[signUpIp, ctx.clientIp]]);
    await limiter.hit(signUpIp, ctx.clientIp);

    const taken = () => new TRPCError({ code: "CONFLICT", message: EMAIL_TAKEN });
    if (await findUserByEmail(ctx.db, input.email)) throw taken();
    const passwordHash = await hashPassword(input.password);
    const userId = await createAccount(ctx.db, {
      email: input.email,
      displayName: input.displayName,
      passwordHash,
    }).catch((error: unknown) => {
      // Two sign-ups for one address can both pass the check above; the unique index decides.
      throw isUniqueViolation(error) ? taken() : error;
    });
    const emailAddress = normalizeEmail(input.email);
    await sendVerificationEmail(ctx.db, { id: userId, email: emailAddress }, ctx.appUrl);
    ctx.setCookie(await startSession(ctx.auth, userId));
    return me(ctx, { id: userId, email: emailAddress, emailVerifiedAt: null });
  }),

  signIn: publicProcedure.input(signInInput).mutation(async ({ ctx, input }) => {
    const limiter = rateLimiter(ctx.db);
    const { signInEmail, signInIp } = rules(ctx);
    const emailAddress = normalizeEmail(input.email);
    await refuseWhenLimited(limiter, [
      [signInEmail, emailAddress],
      [signInIp, ctx.clientIp],
    ]);

    const user = await findUserByEmail(ctx.db, emailAddress);
    const valid = user?.passwordHash
      ? await verifyPassword(user.passwordHash, input.password)
      : await verifyPassword(await decoyHash(), input.password).then(() => false);
    if (!user || !valid) {
      await limiter.hit(signInEmail, emailAddress);
      await limiter.hit(signInIp, ctx.clientIp);
      throw new TRPCError({ code: "UNAUTHORIZED", message: INVALID_CREDENTIALS });
    }
    await limiter.reset(signInEmail, emailAddress);
    ctx.setCookie(await startSession(ctx.auth, user.id));
    return me(ctx, user);
  }),

  signOut: protectedProcedure.mutation(async ({ ctx }) => {
    await ctx.auth.invalidateSession(ctx.session.id);
    ctx.setCookie(ctx.auth.createBlankSessionCookie());
    return null;
  }),

  /** Confirms an address and nothing more: the visitor stays who they were, signed in or not. */
  verifyEmail: publicProcedure
    .input(z.object({ token: plainText().trim().min(1, INVALID_VERIFICATION_LINK).max(200, INVALID_VERIFICATION_LINK) }))
    .mutation(async ({ ctx, input }) => {
      if (!(await consumeVerificationToken(ctx.db, input.token, ctx.user?.id ?? null))) {
        throw new TRPCError({ code: "BAD_REQUEST", message: INVALID_VERIFICATION_LINK });
      }
      return { verified: true as const };
    }),
});
