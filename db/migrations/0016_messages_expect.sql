CREATE TABLE `message_edits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`message_id` integer NOT NULL,
	`content` text NOT NULL,
	`replaced_at` integer NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `message_edits_message_idx` ON `message_edits` (`message_id`,`id`);--> statement-breakpoint
CREATE TABLE `message_reactions` (
	`message_id` integer NOT NULL,
	`emoji` text NOT NULL,
	`member_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`message_id`, `emoji`, `member_id`),
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `chat_participants` ADD `seen_seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `chats` ADD `change_seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `messages` ADD `reply_to_id` integer;--> statement-breakpoint
ALTER TABLE `messages` ADD `edited_at` integer;--> statement-breakpoint
ALTER TABLE `messages` ADD `deleted_at` integer;--> statement-breakpoint
ALTER TABLE `messages` ADD `deleted_by` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `reactions` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `messages` ADD `change_seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `messages_chat_change_idx` ON `messages` (`chat_id`,`change_seq`) WHERE change_seq > 0;--> statement-breakpoint
ALTER TABLE `profiles` ADD `send_read_receipts` integer DEFAULT true NOT NULL;--> statement-breakpoint
-- Written by hand below: what members see of a stored message is kept exact by the database, in the
-- very statement that changes it, whatever writes run at once.
--
-- A message's reactions, as pages read them, follow its rows in message_reactions: who reacted with
-- each emoji, in the order they did. A deleted message keeps none (its rows go with it, below).
CREATE TRIGGER `message_reactions_after_insert` AFTER INSERT ON `message_reactions` BEGIN
	UPDATE messages SET reactions = coalesce((
		SELECT json_group_object(emoji, json(members)) FROM (
			SELECT emoji, json_group_array(member_id ORDER BY created_at, member_id) AS members
			FROM message_reactions WHERE message_id = new.message_id GROUP BY emoji)), '{}')
		WHERE id = new.message_id AND deleted_at IS NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `message_reactions_after_delete` AFTER DELETE ON `message_reactions` BEGIN
	UPDATE messages SET reactions = coalesce((
		SELECT json_group_object(emoji, json(members)) FROM (
			SELECT emoji, json_group_array(member_id ORDER BY created_at, member_id) AS members
			FROM message_reactions WHERE message_id = old.message_id GROUP BY emoji)), '{}')
		WHERE id = old.message_id AND deleted_at IS NULL;
END;
--> statement-breakpoint
-- Every change members see (an edit, a deletion, a reaction) takes the chat's next change number,
-- so a page that missed one sees the gap and asks for what changed since the last it holds.
CREATE TRIGGER `messages_after_change` AFTER UPDATE OF content, deleted_at, reactions ON `messages`
WHEN old.content IS NOT new.content OR old.deleted_at IS NOT new.deleted_at OR old.reactions IS NOT new.reactions BEGIN
	UPDATE chats SET change_seq = change_seq + 1 WHERE id = new.chat_id;
	UPDATE messages SET change_seq = (SELECT change_seq FROM chats WHERE id = new.chat_id) WHERE id = new.id;
END;
--> statement-breakpoint
-- An edit keeps what the message said before, on the server only.
CREATE TRIGGER `messages_after_edit` AFTER UPDATE OF content ON `messages`
WHEN new.deleted_at IS NULL AND old.content IS NOT new.content BEGIN
	INSERT INTO message_edits (message_id, content, replaced_at)
		VALUES (old.id, old.content, coalesce(new.edited_at, unixepoch('subsec') * 1000));
END;
--> statement-breakpoint
-- Deleted for everyone: its reactions and its earlier versions leave storage with its content.
CREATE TRIGGER `messages_after_delete_for_everyone` AFTER UPDATE OF deleted_at ON `messages`
WHEN old.deleted_at IS NULL AND new.deleted_at IS NOT NULL BEGIN
	DELETE FROM message_reactions WHERE message_id = new.id;
	DELETE FROM message_edits WHERE message_id = new.id;
END;
--> statement-breakpoint
-- Search over what members wrote: an index of each text message standing, reading its words from
-- `messages` by id. The triggers below keep it in step in the statement of every insert, edit,
-- deletion for everyone and removal (cascades included), so a deleted message is never found.
-- Its chat is indexed beside the words, so a search in one chat (or a member's few) is the index's
-- own intersection, whatever other chats say the same words.
-- The first two, three and four letters of each word are indexed as prefixes too, so a last word
-- that short is one list to page through, however many words it begins.
CREATE VIRTUAL TABLE `messages_fts` USING fts5(
	content, chat_id,
	content='messages', content_rowid='id',
	tokenize='unicode61 remove_diacritics 2', prefix='2 3 4'
);
--> statement-breakpoint
INSERT INTO `messages_fts`(rowid, content, chat_id)
	SELECT id, content, chat_id FROM `messages` WHERE message_type = 'text' AND deleted_at IS NULL;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_after_insert` AFTER INSERT ON `messages`
WHEN new.message_type = 'text' AND new.deleted_at IS NULL BEGIN
	INSERT INTO messages_fts(rowid, content, chat_id) VALUES (new.id, new.content, new.chat_id);
END;
--> statement-breakpoint
-- Every word messages_fts holds, so the last word of a search, a prefix, is read as the whole words
-- it begins, which FTS5 pages through newest first, instead of merging every word it begins into one
-- list (as costly as the word is common). Kept as project_search_words is (migration 0010): a
-- message's text is tokenized alone in a scratch index and its words added; the triggers after take
-- away those no message standing holds.
CREATE TABLE `message_search_words` (`word` text PRIMARY KEY NOT NULL) WITHOUT ROWID;
--> statement-breakpoint
CREATE VIRTUAL TABLE `message_words_scratch` USING fts5(
	content, content='', tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `message_words_scratch_terms` USING fts5vocab(`message_words_scratch`, 'row');
--> statement-breakpoint
CREATE VIRTUAL TABLE temp.`messages_fts_terms` USING fts5vocab(main, `messages_fts`, 'col');
--> statement-breakpoint
INSERT OR IGNORE INTO `message_search_words`(word) SELECT term FROM temp.`messages_fts_terms` WHERE col = 'content';
--> statement-breakpoint
DROP TABLE temp.`messages_fts_terms`;
--> statement-breakpoint
CREATE TRIGGER `message_search_words_after_insert` AFTER INSERT ON `messages`
WHEN new.message_type = 'text' AND new.deleted_at IS NULL BEGIN
	INSERT INTO message_words_scratch(rowid, content) VALUES (1, new.content);
	INSERT OR IGNORE INTO message_search_words(word) SELECT term FROM message_words_scratch_terms;
	INSERT INTO message_words_scratch(message_words_scratch) VALUES ('delete-all');
END;
--> statement-breakpoint
CREATE TRIGGER `message_search_words_after_edit` AFTER UPDATE OF content ON `messages`
WHEN new.message_type = 'text' AND new.deleted_at IS NULL AND old.content IS NOT new.content BEGIN
	INSERT INTO message_words_scratch(rowid, content) VALUES (1, new.content);
	INSERT OR IGNORE INTO message_search_words(word) SELECT term FROM message_words_scratch_terms;
	INSERT INTO message_words_scratch(message_words_scratch) VALUES ('delete-all');
END;
--> statement-breakpoint
-- Edited, deleted for everyone or taken down by a moderator: the index gives up the old words and
-- takes the new, and the word list forgets what nothing standing says any more (so a deleted
-- message leaves no word behind).
CREATE TRIGGER `messages_fts_after_update` AFTER UPDATE OF content, deleted_at, message_type ON `messages`
WHEN old.message_type = 'text' AND old.deleted_at IS NULL
	AND (old.content IS NOT new.content OR new.deleted_at IS NOT NULL OR new.message_type IS NOT 'text') BEGIN
	INSERT INTO messages_fts(messages_fts, rowid, content, chat_id) VALUES ('delete', old.id, old.content, old.chat_id);
	INSERT INTO messages_fts(rowid, content, chat_id) SELECT new.id, new.content, new.chat_id
		WHERE new.deleted_at IS NULL AND new.message_type = 'text';
	-- Words the message held that no message standing holds any more leave the word list.
	INSERT INTO message_words_scratch(rowid, content) VALUES (1, old.content);
	DELETE FROM message_search_words WHERE word IN (
		SELECT t.term FROM message_words_scratch_terms t
		WHERE NOT EXISTS (SELECT 1 FROM messages_fts WHERE messages_fts MATCH 'content : "' || replace(t.term, '"', '""') || '"'));
	INSERT INTO message_words_scratch(message_words_scratch) VALUES ('delete-all');
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_after_delete` AFTER DELETE ON `messages`
WHEN old.message_type = 'text' AND old.deleted_at IS NULL BEGIN
	INSERT INTO messages_fts(messages_fts, rowid, content, chat_id) VALUES ('delete', old.id, old.content, old.chat_id);
	-- Words the message held that no message standing holds any more leave the word list.
	INSERT INTO message_words_scratch(rowid, content) VALUES (1, old.content);
	DELETE FROM message_search_words WHERE word IN (
		SELECT t.term FROM message_words_scratch_terms t
		WHERE NOT EXISTS (SELECT 1 FROM messages_fts WHERE messages_fts MATCH 'content : "' || replace(t.term, '"', '""') || '"'));
	INSERT INTO message_words_scratch(message_words_scratch) VALUES ('delete-all');
END;
