import { TRPCError } from "@trpc/server";
import { z } from "zod";
import {
  ATTACHMENT_REQUIRED,
  ATTACHMENT_TOO_LARGE,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENT_NAME_LENGTH,
} from "@core/attachment-rules";
import { CHAT_NOT_FOUND, currentChat } from "../chats/access";
import { storeUpload } from "../attachments/uploads";
import { protectedProcedure, router } from "../trpc";

/**
 * The name a card shows and a download suggests: the last part of whatever path the device sent,
 * without control characters, at most MAX_ATTACHMENT_NAME_LENGTH characters; 'file' when nothing is left.
 */
function fileName(raw: string) {
  const visible = Array.from(raw).filter((c) => c.codePointAt(0)! > 0x1f && c !== "\u007f");
  const last = visible.join("").split(/[\\/]/).pop() ?? "";
  return Array.from(last.trim()).slice(0, MAX_ATTACHMENT_NAME_LENGTH).join("") || "file";
}

/** A multipart form: `chatId` and `file`, the way the composer sends it. */
const uploadInput = z
  .instanceof(FormData, { error: ATTACHMENT_REQUIRED })
  .transform((form) => ({ chatId: form.get("chatId"), file: form.get("file") }))
  .pipe(
    z.object({
      chatId: z.string({ error: CHAT_NOT_FOUND }).trim().min(1, CHAT_NOT_FOUND).max(64, CHAT_NOT_FOUND),
      file: z
        .instanceof(File, { error: ATTACHMENT_REQUIRED })
        .refine((file) => file.size > 0, ATTACHMENT_REQUIRED)
        .refine((file) => file.size <= MAX_ATTACHMENT_BYTES, ATTACHMENT_TOO_LARGE),
    }),
  );

export const attachmentsRouter = router({
  /**
   * Stores a file for a message the member is about to send in the chat; the message then names it
   * (chats.send `attachmentIds`). Participants only; the type is judged from the bytes.
   */
  upload: protectedProcedure.input(uploadInput).mutation(async ({ ctx, input }) => {
    await currentChat(ctx.db, input.chatId, ctx.user.id);
    const stored = await storeUpload(ctx.db, ctx.attachments, {
      chatId: input.chatId,
      uploaderId: ctx.user.id,
      name: fileName(input.file.name),
      bytes: new Uint8Array(await input.file.arrayBuffer()),
    });
    // They left the chat while the file was on its way.
    if (!stored) throw new TRPCError({ code: "NOT_FOUND", message: CHAT_NOT_FOUND });
    return stored;
  }),
});
