import { initTRPC, TRPCError } from "@trpc/server";
import type { Cookie, Session, User } from "lucia";
import superjson from "superjson";
import { z, ZodError } from "zod";
import type { Db } from "../db/client";
import type { Auth } from "./auth/lucia";
import type { Config } from "./config";
import type { Rooms } from "./rooms/rooms";
import type { AvatarStore } from "./storage/avatar-store";

export interface Context {
  db: Db;
  config: Config;
  auth: Auth;
  user: User | null;
  session: Session | null;
  clientIp: string;
  /** Origin used in links the app sends out (e-mails, OAuth redirects). */
  appUrl: string;
  setCookie: (cookie: Cookie) => void;
  avatars: AvatarStore;
  rooms: Rooms;
  defer: (work: Promise<unknown>) => void;
}

const INTERNAL_ERROR_MESSAGE = "Something went wrong. Please try again.";

const t = initTRPC.context<Context>().create({
  transformer: superjson,
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
export const publicProcedure = t.procedure;

export const protectedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) {
    throw new TRPCError({ code: "UNAUTHORIZED", message: "Please sign in to continue." });
  }
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});
