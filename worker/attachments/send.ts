/**
 * Storing a message that carries files: one transaction inserts it (only if every upload may still be
 * claimed), hands it the uploads, and reads it back with them. A message is never stored naming a
 * file that is not there, and a file is never carried by two messages.
 */
import { sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { insertMessage, selectMessages, type MessageRow, type NewMessage } from "../chats/messages";
import { claimUploads } from "./uploads";

/** Like `insertMessage`: the stored row with the chat's `members_version`, or none when nothing was stored. */
export async function insertMessageCarrying(db: Db, m: NewMessage & { attachmentIds: string[] }) {
  const now = Date.now();
  const [inserted, , [row], [chat]] = await db.batch([
    insertMessage(db, { ...m, now }),
    db.run(claimUploads(m.chatId, m.senderId, m.clientId, m.attachmentIds, now)),
    db.all<MessageRow>(selectMessages(sql`WHERE sender_id = ${m.senderId} AND client_id = ${m.clientId}`)),
    db.all<{ members_version: number }>(sql`SELECT members_version FROM chats WHERE id = ${m.chatId}`),
  ]);
  if (!inserted.length || !row || !chat) return [];
  return [{ ...row, members_version: chat.members_version }];
}
