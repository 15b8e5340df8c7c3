/**
 * The e-mails a member gets, as far as a visitor without a session may change them: the digest's
 * unsubscribe links open a page that calls `unsubscribe` (worker/notifications/unsubscribe.ts).
 */
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { INVALID_UNSUBSCRIBE_LINK } from "@core/notification-text";
import { unsubscribe } from "../notifications/unsubscribe";
import { publicProcedure, router } from "../trpc";

/** A link's query as the page read it; the signature decides, so junk is simply not valid. */
const unsubscribeInput = z.object({
  member: z.string().max(100),
  kinds: z.string().max(300),
  sig: z.string().max(100),
});

export const emailsRouter = router({
  unsubscribe: publicProcedure.input(unsubscribeInput).mutation(async ({ ctx, input }) => {
    const kinds = await unsubscribe(ctx.db, ctx.config.unsubscribeSecret, input);
    if (!kinds) throw new TRPCError({ code: "BAD_REQUEST", message: INVALID_UNSUBSCRIBE_LINK });
    return { kinds };
  }),
});
