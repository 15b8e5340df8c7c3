/**
 * Storing a message that carries files: one transaction inserts it (only if every upload may still be
 * claimed), hands it the uploads, and reads it back with them. A message is never stored naming a
 * file that is not there, and a file is never carried by two messages.
 */
import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { namedBatch } from "@db/batch";
import type { Db } from "@db/client";
import { insertMessage, MESSAGE_COLUMNS, type MessageRow, type NewMessage } from "./messages";
import { claimUploads } from "../attachments/uploads";

/**
 * Like `insertMessage`, the stored row with the chat's `members_version` (none when nothing was
 * stored), and what each of `after` answered. `after` runs right after the claim, which changed rows
 * only if the message was stored (the insert required every upload claimable): a statement gated on
 * `changes() > 0`, such as the push of a new message, must come first among them.
 */
export async function insertMessageCarrying(
  db: Db,
  m: NewMessage & { attachmentIds: string[] },
  after: BatchItem<"sqlite">[] = [],
) {
  const now = Date.now();
  const insert = insertMessage(db, { ...m, now });
  const claim = db.run(claimUploads(m.chatId, m.senderId, m.clientId, m.attachmentIds, now));
  const read = db.all<MessageRow & { members_version: number }>(
    sql`SELECT ${MESSAGE_COLUMNS}, (SELECT members_version FROM chats WHERE chats.id = messages.chat_id) AS members_version
      FROM messages WHERE sender_id = ${m.senderId} AND client_id = ${m.clientId}`,
  );
  const {
    inserted,
    read: [row],
    answers,
  } = await namedBatch(db, { inserted: insert, claim, read, answers: after });
  return { row: inserted.length ? row : undefined, after: answers as unknown[] };
}
