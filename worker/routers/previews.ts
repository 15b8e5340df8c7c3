import { z } from "zod";
import { plainText } from "@core/fields";
import { messagePreview } from "../previews/message-preview";
import { protectedProcedure, router } from "../trpc";

const aMessage = z.object({ chatId: plainText().trim().min(1).max(64), messageId: z.number().int().positive() });

/**
 * Link previews: a card for the first web address of a message, made by the server (never the
 * member's browser) and kept for the next reader. Taking one off is the author's, in messages.
 */
export const previewsRouter = router({
  /** The card of a message the member can see; null when it has none. */
  ofMessage: protectedProcedure
    .input(
      aMessage.extend({
        /** When the message was last edited, as the page holds it: unread here, it makes an edit ask again. */
        edited: z.number().nullish(),
      }),
    )
    .query(({ ctx, input }) =>
      messagePreview(
        ctx.db,
        { outbound: ctx.outbound, config: ctx.config.previews, appUrl: ctx.appUrl },
        // A query may run beside the session check (worker/trpc.ts): no request leaves before it holds.
        { chatId: input.chatId, messageId: input.messageId, memberId: ctx.user.id, checked: ctx.signedIn },
      ),
    ),
});
