import { z } from "zod";
import { MAX_CONTACT_MESSAGE_LENGTH, MAX_CONTACT_NAME_LENGTH } from "@core/rules";
import { limitAttempts, minutesFrom, type RateRule } from "../auth/rate-limit";
import { storeContactMessage } from "../contact/inbox";
import { router, unbatchedProcedure } from "../trpc";
import { emailField, plainText } from "@core/fields";

/** Enough for a visitor with a real question; a script filling the table needs more. */
const SENDS_PER_IP: RateRule = { name: "contact:ip", limit: 5, windowMs: 60 * 60 * 1000 };

const sendInput = z.object({
  name: plainText()
    .trim()
    .max(MAX_CONTACT_NAME_LENGTH, `Name must be at most ${MAX_CONTACT_NAME_LENGTH} characters.`)
    .optional()
    .transform((name) => name || null),
  email: emailField,
  message: plainText("Please enter a message.")
    .trim()
    .min(1, "Please enter a message.")
    .max(MAX_CONTACT_MESSAGE_LENGTH, `Message must be at most ${MAX_CONTACT_MESSAGE_LENGTH} characters.`),
});

const tooManyMessages = (retryAfterMs: number) =>
  `You have sent several messages already. Please try again in ${minutesFrom(retryAfterMs)}.`;

export const contactRouter = router({
  /** The public contact form: stored for the team to answer by e-mail. */
  send: unbatchedProcedure.input(sendInput).mutation(async ({ ctx, input }) => {
    await limitAttempts(ctx.db, [[SENDS_PER_IP, ctx.clientIp]], tooManyMessages);
    await storeContactMessage(ctx.db, { ...input, ip: ctx.clientIp });
    return { ok: true as const };
  }),
});
