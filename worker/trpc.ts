import { initTRPC, TRPCError } from "@trpc/server";
import type { Cookie } from "lucia";
import { z, ZodError } from "zod";
import { CONFIRM_PASSWORD, SUDO_WINDOW_MS } from "@core/auth-messages";
import { DATABASE_BUSY, isDatabaseUnavailable } from "../db/errors";
import type { RequestVars } from "./env";
import { isAdministrator } from "./safety/administrators";
import { transformer } from "./transformer";

export interface Context extends RequestVars {
  setCookie: (cookie: Cookie) => void;
  /** How many calls came in the request: more than one for a tRPC batch. */
  batchSize: number;
}

const INTERNAL_ERROR_MESSAGE = "Something went wrong. Please try again.";

export interface Meta {
  /** Refused inside a batch (`alone` below); the SPA's link sends it on a request of its own. */
  alone?: true;
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

export const publicProcedure = t.procedure.use(busyIsUnavailable);

const signedIn = t.middleware(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) {
    throw new TRPCError({ code: "UNAUTHORIZED", message: "Please sign in to continue." });
  }
  // tRPC merges these into the context itself: spreading it here too copied it twice per call.
  return next({ ctx: { user: ctx.user, session: ctx.session } });
});

export const protectedProcedure = publicProcedure.use(signedIn);

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

/**
 * The moderation desk's procedures. To anyone but an administrator they do not exist: the app serves
 * everyone else a router without them (worker/app.ts), and one reached anyway answers the same.
 */
const administrator = t.middleware(({ ctx, path, next }) => {
  if (!ctx.session || !isAdministrator(ctx.config, ctx.user)) {
    throw new TRPCError({ code: "NOT_FOUND", message: `No procedure found on path "${path}"` });
  }
  return next({ ctx: { user: ctx.user, session: ctx.session } });
});

export const adminProcedure = publicProcedure.use(administrator);

/**
 * Sudo mode, as GitHub has it: desk actions that change what members see need the session to have
 * proved its password (or Google, for an account without one) within the window. The proof is read
 * with the session itself, so the check costs no query; an older one refuses before anything changes.
 */
const recentlyConfirmed = t.middleware(({ ctx, next }) => {
  const confirmedAt = ctx.session?.passwordConfirmedAt ?? null;
  if (confirmedAt === null || Date.now() - confirmedAt > SUDO_WINDOW_MS) {
    throw new TRPCError({ code: "PRECONDITION_FAILED", message: CONFIRM_PASSWORD });
  }
  return next();
});

export const sudoProcedure = adminProcedure.use(recentlyConfirmed);
