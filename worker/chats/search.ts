/**
 * Finding messages by their words, in one chat or across all of a member's chats: messages_fts
 * (migration 0016; filled a moment after each send by send-follow-up.ts) walked newest first, the
 * last word read as the whole words it begins (message_search_words), each match joined to its
 * message, the member's participation and its chat by primary key. The join order is fixed with
 * CROSS JOIN: the index leads and its rowid order is the page's, so a page costs what its matches
 * cost to walk, not what the member's chats hold. What a block keeps from the member is not found:
 * the words of someone they blocked, and a private chat a block hides from them.
 */
import { and, asc, gte, lt, sql } from "drizzle-orm";
import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { Db } from "@db/client";
import { searchWords } from "@core/search-words";
import { listedWordsBegun, MAX_WORDS_BEGUN, toFtsQuery, wordsBegunRange } from "../search/query";
import { hasBlocked, privateChatHiddenFrom } from "../reach/reach";
import { nameOf } from "../people/names";

export const SEARCH_PAGE_SIZE = 20;

/** Every word messages_fts holds, kept beside it (migration 0016, send-follow-up.ts). */
const messageSearchWords = sqliteTable("message_search_words", { word: text("word").primaryKey() });

/** Built once per database: every search asks it. */
const wordsBegunQueries = new WeakMap<Db, ReturnType<typeof prepareWordsBegun>>();
const prepareWordsBegun = (db: Db) =>
  db
    .select({ word: messageSearchWords.word })
    .from(messageSearchWords)
    .where(
      and(gte(messageSearchWords.word, sql.placeholder("from")), lt(messageSearchWords.word, sql.placeholder("to"))),
    )
    .orderBy(asc(messageSearchWords.word))
    .limit(MAX_WORDS_BEGUN + 1)
    .prepare();

/** The indexed words `prefix` begins, or null when there are none or too many to list. */
async function wordsBegun(db: Db, prefix: string) {
  let query = wordsBegunQueries.get(db);
  if (!query) wordsBegunQueries.set(db, (query = prepareWordsBegun(db)));
  return listedWordsBegun((await query.all(wordsBegunRange(prefix))).map((row) => row.word));
}

interface FoundRow {
  id: number;
  chat_id: string;
  seq: number;
  sender_id: string;
  sender_name: string;
  content: string;
  created_at: number;
  is_group: number;
  chat_title: string | null;
}

/** Past this many chats, a search across a member's chats walks the index without naming them. */
const MAX_CHATS_NAMED = 100;

const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * The FTS5 query: the words, in the message's text, and in the chat searched, or the member's chats
 * when they are few enough to name, so the index skips what other chats say.
 */
async function matchIn(db: Db, words: string[], scope: SearchScope) {
  const text = `content : (${toFtsQuery(words, await wordsBegun(db, words.at(-1)!))})`;
  const chats =
    scope.chatId !== undefined
      ? [scope.chatId]
      : (
          await db.all<{ chat_id: string }>(sql`
            SELECT p.chat_id FROM chat_participants p JOIN chats c ON c.id = p.chat_id
            WHERE p.user_id = ${scope.memberId} AND p.left_at IS NULL AND NOT ${privateChatHiddenFrom(scope.memberId, "c")}
            LIMIT ${MAX_CHATS_NAMED + 1}`)
        ).map((row) => row.chat_id);
  if (chats.length === 0 || chats.length > MAX_CHATS_NAMED) return text;
  return `chat_id : (${chats.map(quoted).join(" OR ")}) AND ${text}`;
}

export interface SearchScope {
  memberId: string;
  /** One chat, or every chat the member is in now. */
  chatId?: string;
  /** The id of the last result of the page before: the next page starts past it. */
  before?: number;
}

/** Messages whose words match `text` (the last word as a prefix), newest first, one page and where the next begins. */
export async function searchMessages(db: Db, text: string, scope: SearchScope) {
  const words = searchWords(text);
  if (words.length === 0) return { items: [], nextCursor: null };
  const rows = await db.all<FoundRow>(sql`
    SELECT m.id, m.chat_id, m.seq, m.sender_id, ${nameOf("sp")} AS sender_name, m.content, m.created_at,
      c.is_group, CASE WHEN c.is_group THEN c.title ELSE ${nameOf("op")} END AS chat_title
    FROM messages_fts f
    CROSS JOIN messages m ON m.id = f.rowid
    CROSS JOIN chat_participants p ON p.chat_id = m.chat_id AND p.user_id = ${scope.memberId} AND p.left_at IS NULL
    CROSS JOIN chats c ON c.id = m.chat_id
    LEFT JOIN profiles sp ON sp.id = m.sender_id
    LEFT JOIN chat_participants o ON NOT c.is_group AND o.chat_id = c.id AND o.user_id <> ${scope.memberId}
    LEFT JOIN profiles op ON op.id = o.user_id
    WHERE messages_fts MATCH ${await matchIn(db, words, scope)} AND m.deleted_at IS NULL AND m.message_type = 'text'
      AND NOT ${hasBlocked(scope.memberId, sql`m.sender_id`)}
      ${scope.chatId === undefined ? sql`AND NOT ${privateChatHiddenFrom(scope.memberId, "c")}` : sql``}
      ${scope.chatId === undefined ? sql`` : sql`AND m.chat_id = ${scope.chatId}`}
      ${scope.before === undefined ? sql`` : sql`AND f.rowid < ${scope.before}`}
    ORDER BY f.rowid DESC
    LIMIT ${SEARCH_PAGE_SIZE + 1}`);
  const items = rows.slice(0, SEARCH_PAGE_SIZE).map((row) => ({
    id: row.id,
    chatId: row.chat_id,
    seq: row.seq,
    senderId: row.sender_id,
    senderName: row.sender_name,
    content: row.content,
    createdAt: row.created_at,
    chat: { isGroup: Boolean(row.is_group), title: row.chat_title },
  }));
  return { items, nextCursor: rows.length > SEARCH_PAGE_SIZE ? items.at(-1)!.id : null };
}
