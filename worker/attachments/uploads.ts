/**
 * Attached files on the server: stored before any message names them, claimed by the message that
 * carries them in the statement that stores it, served to the chat's participants only, and removed
 * from the store when their message is deleted or when no message claimed them in time.
 */
import { sql } from "drizzle-orm";
import { UPLOAD_KEPT_MS, UPLOAD_SENDABLE_MS } from "@core/attachment-rules";
import type { Db } from "@db/client";
import type { WireAttachment } from "@party/protocol";
import type { AvatarStore } from "../storage/avatar-store";
import { detectFileType } from "./file-kinds";

/** 128 random bits: an address nobody can guess, and the file's key in the store. */
export const newAttachmentId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

export const isAttachmentId = (id: string) => /^[a-f0-9]{32}$/.test(id);

interface Upload {
  chatId: string;
  uploaderId: string;
  name: string;
  bytes: Uint8Array;
}

/**
 * Puts the file in the store, then its row, while the uploader is still in the chat: a row never
 * names a file the store lacks. Null (and nothing kept) when they are no longer in it.
 */
export async function storeUpload(db: Db, files: AvatarStore, upload: Upload): Promise<WireAttachment | null> {
  const id = newAttachmentId();
  const contentType = detectFileType(upload.bytes);
  await files.put(id, upload.bytes, contentType);
  const rows = await db
    .all<{ id: string }>(
      sql`INSERT INTO message_attachments (id, chat_id, uploader_id, name, content_type, size)
        SELECT ${id}, ${upload.chatId}, ${upload.uploaderId}, ${upload.name}, ${contentType}, ${upload.bytes.length}
        WHERE EXISTS (SELECT 1 FROM chat_participants
          WHERE chat_id = ${upload.chatId} AND user_id = ${upload.uploaderId} AND left_at IS NULL)
        RETURNING id`,
    )
    .catch(async (error: unknown) => {
      await files.delete(id);
      throw error;
    });
  if (!rows.length) {
    await files.delete(id);
    return null;
  }
  return { id, name: upload.name, contentType, size: upload.bytes.length };
}

/** Uploads a send may claim: the sender's own, in this chat, not yet carried by a message, still new. */
const claimable = (chatId: string, senderId: string, ids: string[], now: number) =>
  sql`message_attachments.id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))
    AND message_attachments.chat_id = ${chatId} AND message_attachments.uploader_id = ${senderId}
    AND message_attachments.message_id IS NULL AND message_attachments.created_at > ${now - UPLOAD_SENDABLE_MS}`;

/** Holds when every one of `ids` may be claimed: the condition a message carrying them is stored under. */
export const allClaimable = (chatId: string, senderId: string, ids: string[], now: number) =>
  sql`(SELECT count(*) FROM message_attachments WHERE ${claimable(chatId, senderId, ids, now)}) = ${ids.length}`;

/**
 * Hands the uploads to the message (sender, client id) the statement before this one in the same
 * batch has just inserted; when that statement inserted nothing (`changes()` is 0: a retry, or a
 * refusal) nothing is claimed, so a reused client id never collects another send's files.
 */
export const claimUploads = (chatId: string, senderId: string, clientId: string, ids: string[], now: number) =>
  sql`UPDATE message_attachments
    SET message_id = (SELECT id FROM messages WHERE sender_id = ${senderId} AND client_id = ${clientId}),
      position = (SELECT key FROM json_each(${JSON.stringify(ids)}) WHERE value = message_attachments.id)
    WHERE changes() = 1 AND ${claimable(chatId, senderId, ids, now)}`;

/** The uploads `ids` the sender could still send in this chat. */
export async function claimableCount(db: Db, chatId: string, senderId: string, ids: string[], now = Date.now()) {
  const [row] = await db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM message_attachments WHERE ${claimable(chatId, senderId, ids, now)}`,
  );
  return row?.n ?? 0;
}

/**
 * A file as `memberId` may fetch it right now: carried by a message of a chat they are currently in,
 * or their own upload not yet sent, in a chat they are still in. Null for anything else, alike.
 */
export async function servableFile(db: Db, id: string, memberId: string) {
  const [row] = await db.all<{ name: string; content_type: string; size: number }>(
    sql`SELECT a.name, a.content_type, a.size FROM message_attachments a
      JOIN chat_participants p ON p.chat_id = a.chat_id AND p.user_id = ${memberId} AND p.left_at IS NULL
      WHERE a.id = ${id}
        AND (a.message_id IS NOT NULL OR (a.uploader_id = ${memberId} AND a.created_at > 0))`,
  );
  return row ? { name: row.name, contentType: row.content_type, size: row.size } : null;
}

/** Files one sweep removes; the next run takes the rest. */
const SWEEP_BATCH = 100;

/**
 * Removes files no message carries that are past keeping (an upload never sent, or one whose message
 * was deleted, which the deletion dated to 0): from the store first, then their rows, so a row
 * never outlives its file's removal unnoticed. Returns how many went.
 */
export async function sweepUploads(db: Db, files: AvatarStore, now = Date.now()) {
  const rows = await db.all<{ id: string }>(
    sql`SELECT id FROM message_attachments WHERE message_id IS NULL AND created_at <= ${now - UPLOAD_KEPT_MS}
      ORDER BY created_at LIMIT ${SWEEP_BATCH}`,
  );
  if (!rows.length) return 0;
  const ids = rows.map((row) => row.id);
  await Promise.all(ids.map((id) => files.delete(id)));
  await db.run(
    sql`DELETE FROM message_attachments WHERE id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))
      AND message_id IS NULL`,
  );
  return ids.length;
}
