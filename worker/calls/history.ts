/**
 * A call's line in its chat's history ('Video call · 12:31', 'Missed voice call') and the missed
 * calls' notifications. The API writes them from the chat room's own record of the call: a page
 * only says which call ended, so nothing it sends becomes the text. The line is the caller's, with
 * the call's id as its client id, so however many pages report the same call it is written once.
 */
import { sql } from "drizzle-orm";
import { callHistoryLine } from "@core/call-rules";
import { namedBatch } from "@db/batch";
import type { CallRecord } from "@party/call-signals";
import { participantNow, recipientsAt } from "../chats/access";
import { insertedMessage, insertMessage } from "../chats/messages";
import { announceMessage, tellCall } from "../rooms/notify";
import { notificationStatements, notifiedBy, tellNotified } from "../notifications/write";
import type { Context } from "../trpc";

export async function writeCallHistory(ctx: Context, chatId: string, record: CallRecord) {
  const { inserted, notified } = await namedBatch(ctx.db, {
    inserted: insertMessage(ctx.db, {
      chatId,
      senderId: record.callerId,
      clientId: `call:${record.callId}`,
      content: callHistoryLine(record),
      messageType: "system",
    }),
    // The caller placed the call: their own line is read, as their own words are (the trigger does
    // that for text messages only).
    read: ctx.db.run(sql`
      UPDATE chat_participants SET last_read_seq = line.seq
      FROM (SELECT seq FROM messages WHERE sender_id = ${record.callerId} AND client_id = ${`call:${record.callId}`}) AS line
      WHERE chat_id = ${chatId} AND user_id = ${record.callerId} AND last_read_seq < line.seq`),
    // Only those still in the chat; the call's id names the event, so a second report writes none.
    notified: record.missedBy.flatMap((memberId) =>
      notificationStatements(ctx.db, {
        kind: "missed_call",
        recipient: memberId,
        actorId: record.callerId,
        subjectId: chatId,
        eventKey: record.callId,
        happened: sql`EXISTS (${participantNow(chatId, memberId)})`,
      }),
    ),
  });
  tellNotified(ctx, ...notifiedBy(notified));
  const line = insertedMessage(inserted);
  if (line) announceMessage(ctx, line, await recipientsAt(ctx.db, chatId, inserted[0]!.members_version));
  // Written: the room may forget its record.
  tellCall(ctx, chatId, { type: "recorded", callId: record.callId });
}

/**
 * A chat about to stop taking lines (a deleted project's team chat, archived) ends its call first,
 * for everyone in it, and writes the call's line while the chat still takes one. Rooms that cannot
 * be reached leave the call to end by itself; the deletion does not wait on them.
 */
export async function endCallBeforeArchive(ctx: Context, chatId: string) {
  try {
    const answer = await ctx.rooms.callChat(chatId, { type: "end" });
    if (answer.status === "ended" && answer.record) await writeCallHistory(ctx, chatId, answer.record);
  } catch (error) {
    console.error(`Could not end the call of chat ${chatId}:`, error);
  }
}
