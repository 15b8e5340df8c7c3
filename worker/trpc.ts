import { initTRPC, TRPCError } from "@trpc/server";
import type { Cookie } from "lucia";
import type { SQL } from "drizzle-orm";
import { z, ZodError } from "zod";
import { CONFIRM_PASSWORD, SUDO_WINDOW_MS } from "@core/auth-messages";
import { DATABASE_BUSY, isDatabaseUnavailable } from "../db/errors";
import type { RequestVars } from "./env";
import { isAdministrator } from "./safety/administrators";
import { transformer } from "./transformer";
import { sessionHolds } from "./auth/session";

export interface Context extends RequestVars {
  setCookie: (cookie: Cookie) => void;
  /** How many calls came in the request: more than one for a tRPC batch. */
  batchSize: number;
}

const INTERNAL_ERROR_MESSAGE = "Something went wrong. Please try again.";

export interface Meta {
  /** Refused inside a batch (`alone` below); the SPA's link sends it on a request of its own. */
  alone?: true;
  /**
   * Its one write carries the session check in its own statement (`ctx.sessionHolds`), and writes
   * nothing when the check would fail: so it may start beside the check, as a query does.
   */
  sessionInItsWrite?: true;
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    transformer,
    errorFormatter({ shape, error }) {
      const zodError = error.cause instanceof ZodError ? error.cause : null;
      // The SPA shows `message` as it is, so it must be the first human sentence, not a JSON dump.
      const message = zodError
        ? (zodError.issues[0]?.message ?? shape.message)
        : error.code === "INTERNAL_SERVER_ERROR"
          ? INTERNAL_ERROR_MESSAGE
          : shape.message;
      return {
        ...shape,
        message,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          zodError: zodError ? z.flattenError(zodError) : null,
        },
      };
    },
  });

export const router = t.router;

/**
 * A database that stayed locked past the busy timeout, or could not be reached, is no fault of the
 * request: say so with a 503 the client retries, never a 500.
 */
const busyIsUnavailable = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && isDatabaseUnavailable(result.error)) {
    throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: DATABASE_BUSY, cause: result.error });
  }
  return result;
});

/**
 * Whatever writes waits for the session check, so a cookie that fails it never writes, unless its
 * one write carries the check itself (`sessionInItsWrite`). A query only reads, and may run beside
 * the check (`signedIn` below).
 */
const checkedBeforeWrites = t.middleware(async ({ ctx, type, meta, next }) => {
  if (type !== "query" && !(meta?.sessionInItsWrite && ctx.claim)) await ctx.signedIn;
  return next();
});

export const publicProcedure = t.procedure.use(busyIsUnavailable).use(checkedBeforeWrites);

const UNAUTHORIZED = () => new TRPCError({ code: "UNAUTHORIZED", message: "Please sign in to continue." });

/** The member a signed-in procedure acts for: their id, and the id of the session they came with. */
interface Member {
  user: { id: string };
  session: { id: string };
  /** The session check as a condition, for a write that carries it (`sessionInItsWrite`); absent once the check has answered. */
  sessionHolds?: SQL;
}

/**
 * At the edge every database round trip is a network trip, so a query whose cookie names its
 * member (worker/auth/session.ts claimOf) runs on that word beside the session check instead of
 * after it: one round trip where there were two. Its answer waits for the check and is thrown away
 * unseen when the check says no, errors included, so a forged cookie learns nothing a signed-out
 * visitor would not. So does a mutation whose write carries the check itself (`sessionInItsWrite`).
 * Any other mutation, and a cookie that names nobody, waits for the check first.
 */
const signedIn = t.middleware(async ({ ctx, type, meta, next }) => {
  if (ctx.claim && (type === "query" || meta?.sessionInItsWrite)) {
    const member: Member = {
      user: { id: ctx.claim.userId },
      session: { id: ctx.claim.sessionId },
      sessionHolds: sessionHolds(ctx.claim),
    };
    const result = next({ ctx: member });
    if (!(await ctx.signedIn)) throw UNAUTHORIZED();
    return result;
  }
  const checked = await ctx.signedIn;
  if (!checked) throw UNAUTHORIZED();
  const member: Member = { user: { id: checked.user.id }, session: { id: checked.session.id } };
  return next({ ctx: member });
});

export const protectedProcedure = publicProcedure.use(signedIn);

/** For the few procedures that need the account as the session check read it (its address, its sudo time). */
const checkedAccount = t.middleware(async ({ ctx, next }) => {
  const checked = await ctx.signedIn;
  if (!checked) throw UNAUTHORIZED();
  return next({ ctx: checked });
});

export const accountProcedure = publicProcedure.use(checkedAccount);

/**
 * For procedures that are rate limited or cost a password hash (accounts, the contact form):
 * each call must arrive as a request of its own, so a batch cannot multiply what one request
 * costs or carry many guesses at once.
 */
export const ALONE_ONLY = "This request must be sent on its own.";
const alone = t.middleware(({ ctx, next }) => {
  if (ctx.batchSize > 1) throw new TRPCError({ code: "BAD_REQUEST", message: ALONE_ONLY });
  return next();
});

export const unbatchedProcedure = publicProcedure.meta({ alone: true }).use(alone);
export const unbatchedProtectedProcedure = unbatchedProcedure.use(signedIn);
export const unbatchedAccountProcedure = unbatchedProcedure.use(checkedAccount);

/**
 * The moderation desk's procedures. To anyone but an administrator they do not exist: the app serves
 * everyone else a router without them (worker/app.ts), and one reached anyway answers the same.
 */
const administrator = t.middleware(async ({ ctx, path, next }) => {
  const checked = await ctx.signedIn;
  if (!checked || !isAdministrator(ctx.config, checked.user)) {
    throw new TRPCError({ code: "NOT_FOUND", message: `No procedure found on path "${path}"` });
  }
  return next({ ctx: checked });
});

export const adminProcedure = publicProcedure.use(administrator);

/**
 * Sudo mode, as GitHub has it: desk actions that change what members see need the session to have
 * proved its password (or Google, for an account without one) within the window. The proof is read
 * with the session itself, so the check costs no query; an older one refuses before anything changes.
 */
export const sudoProcedure = adminProcedure.use(({ ctx, next }) => {
  const confirmedAt = ctx.session.passwordConfirmedAt;
  if (confirmedAt === null || Date.now() - confirmedAt > SUDO_WINDOW_MS) {
    throw new TRPCError({ code: "PRECONDITION_FAILED", message: CONFIRM_PASSWORD });
  }
  return next();
});
