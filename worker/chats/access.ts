import { TRPCError } from "@trpc/server";
import { and, eq, isNull, not, sql, type SQL } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { namedBatch, type NamedResults, type Step } from "@db/batch";
import type { Db } from "@db/client";
import { chatParticipants, chats } from "@db/schema";
import { notBlockedBetween, privateChatHiddenFrom } from "../reach/reach";

export const CHAT_NOT_FOUND = "This chat does not exist or you are no longer in it.";
export const NOT_FRIENDS = "You can only message your friends.";
export const GROUP_FRIENDS_ONLY = "You can only add your friends to a group.";
export const ADMINS_ONLY = "Only a group admin can add members.";

/** Holds while the member is in the chat: for a statement that acts only on current participants. */
export const participantNow = (chatId: string, userId: string | SQL) =>
  sql`SELECT 1 FROM chat_participants WHERE chat_id = ${chatId} AND user_id = ${userId} AND left_at IS NULL`;

/**
 * The member's place in a chat, joined to `chats`, while they are in it and may see it: not left,
 * and not a private chat with someone they blocked.
 */
export const placeNow = (userId: string) =>
  and(eq(chatParticipants.userId, userId), isNull(chatParticipants.leftAt), not(privateChatHiddenFrom(userId)));

/** The statement behind `currentChat`, to go out in one batch with the reads it guards. */
const placeQuery = (db: Db, chatId: string, userId: string) =>
  db
    .select({ chat: chats, me: chatParticipants })
    .from(chatParticipants)
    .innerJoin(chats, eq(chats.id, chatParticipants.chatId))
    .where(and(eq(chatParticipants.chatId, chatId), placeNow(userId)));

function placeFrom<Row>(rows: Row[]) {
  const [row] = rows;
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: CHAT_NOT_FOUND });
  return row;
}

/**
 * The chat and the caller's place in it, for current participants only. Anyone else, and an
 * unknown id, get the same answer, so ids cannot be probed. A private chat with a member the caller
 * blocked is hidden from them the same way until they unblock.
 */
export async function currentChat(db: Db, chatId: string, userId: string) {
  return placeFrom(await placeQuery(db, chatId, userId));
}

type Place = Awaited<ReturnType<typeof currentChat>>;

/**
 * `currentChat` and the statements it guards in one round trip: they go out after the check, in one
 * transaction, and their rows come back only when the check holds (anyone else gets `currentChat`'s
 * refusal). The place is as it was before them; a write among them guards itself as the check does,
 * since the refusal comes after the batch.
 */
export async function currentChatWith<S extends Record<string, Step>>(
  db: Db,
  chatId: string,
  userId: string,
  guarded: S,
): Promise<NamedResults<S> & { place: Place }> {
  const { place, ...results } = await namedBatch(db, { place: placeQuery(db, chatId, userId), ...guarded });
  return { ...(results as NamedResults<S>), place: placeFrom(place) };
}

/**
 * For a private chat, whether `userId` may reach the other member (a block either way keeps them
 * apart), as a statement for `currentChatWith`; a group or team chat gives no row.
 */
export const pairReachQuery = (db: Db, chatId: string, userId: string) =>
  db.all<{ ok: number }>(sql`
    SELECT ${notBlockedBetween(userId, sql`p.user_id`)} AS ok
    FROM chats c JOIN chat_participants p ON p.chat_id = c.id
    WHERE c.id = ${chatId} AND c.pair_key IS NOT NULL AND p.user_id <> ${userId}`);

/** Everyone currently in the chat, with the chat's `members_version` they were read at: one snapshot. */
async function participantsNow(db: Db, chatId: string) {
  const rows = await db.all<{ user_id: string; members_version: number }>(sql`
    SELECT p.user_id, c.members_version FROM chat_participants p JOIN chats c ON c.id = p.chat_id
    WHERE p.chat_id = ${chatId} AND p.left_at IS NULL`);
  return { userIds: rows.map((row) => row.user_id), membersVersion: rows[0]?.members_version };
}

/** Everyone currently in the chat: who a new message is for. */
export async function currentParticipantIds(db: Db, chatId: string) {
  return (await participantsNow(db, chatId)).userIds;
}

/**
 * A busy chat's recipients, per database, bounded by bytes: with 16-character member ids, some
 * 23,000 private chats or 700 full groups. A list larger than the whole bound (a team chat of some
 * 75,000) is not kept, and is read for each message instead.
 */
const CACHED_BYTES = 4 * 1024 * 1024;
interface Recipients {
  membersVersion: number;
  userIds: string[];
}
/** An entry's weight: each id a UTF-16 string with its header and slot, and the entry around them. */
const entryBytes = ({ userIds }: Recipients) => 64 + userIds.reduce((bytes, id) => bytes + 2 * id.length + 24, 0);
const recipientsByDb = new WeakMap<Db, LRUCache<string, Recipients>>();

/**
 * Who a message is for, given the chat's `members_version` read in the statement that stored it.
 * The version moves with every join and leave (triggers), so a list read at that version is exact
 * then; a busy chat's list is read once per change of who is in it, not once per message.
 */
export async function recipientsAt(db: Db, chatId: string, membersVersion: number) {
  let cache = recipientsByDb.get(db);
  if (!cache) {
    cache = new LRUCache({ maxSize: CACHED_BYTES, sizeCalculation: entryBytes });
    recipientsByDb.set(db, cache);
  }
  const cached = cache.get(chatId);
  if (cached?.membersVersion === membersVersion) return cached.userIds;
  const now = await participantsNow(db, chatId);
  cache.delete(chatId);
  if (now.membersVersion !== undefined) cache.set(chatId, { membersVersion: now.membersVersion, userIds: now.userIds });
  return now.userIds;
}
