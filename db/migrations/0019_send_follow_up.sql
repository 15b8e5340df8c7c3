CREATE TABLE `message_follow_up` (
	`id` integer PRIMARY KEY NOT NULL,
	`done_up_to` integer NOT NULL,
	`running_to` integer NOT NULL,
	CONSTRAINT "message_follow_up_one_row" CHECK("message_follow_up"."id" = 1)
);
--> statement-breakpoint
-- Written by hand below. What must be true when a sender is answered stays in the statement that
-- stores the message (migration 0009: the chat's newest number, the sender's read mark). The search
-- index, its word list and the digest's due times follow a moment later, in one transaction over
-- every message past done_up_to (worker/chats/send-follow-up.ts), so a crash between the two loses
-- nothing: the next run takes up where the last one stopped. Everything stored until now is done.
INSERT INTO `message_follow_up` (id, done_up_to, running_to)
	SELECT 1, coalesce(max(id), 0), coalesce(max(id), 0) FROM `messages`;
--> statement-breakpoint
DROP TRIGGER `messages_fts_after_insert`;
--> statement-breakpoint
DROP TRIGGER `message_search_words_after_insert`;
--> statement-breakpoint
DROP TRIGGER `messages_digest_due`;
--> statement-breakpoint
-- An edit, a deletion for everyone or a removal changes the index only for a message already in
-- it; one not yet followed up is indexed as it stands when its turn comes.
DROP TRIGGER `messages_fts_after_update`;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_after_update` AFTER UPDATE OF content, deleted_at, message_type ON `messages`
WHEN old.message_type = 'text' AND old.deleted_at IS NULL
	AND (old.content IS NOT new.content OR new.deleted_at IS NOT NULL OR new.message_type IS NOT 'text')
	AND old.id <= (SELECT done_up_to FROM message_follow_up) BEGIN
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
DROP TRIGGER `messages_fts_after_delete`;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_after_delete` AFTER DELETE ON `messages`
WHEN old.message_type = 'text' AND old.deleted_at IS NULL AND old.id <= (SELECT done_up_to FROM message_follow_up) BEGIN
	INSERT INTO messages_fts(messages_fts, rowid, content, chat_id) VALUES ('delete', old.id, old.content, old.chat_id);
	-- Words the message held that no message standing holds any more leave the word list.
	INSERT INTO message_words_scratch(rowid, content) VALUES (1, old.content);
	DELETE FROM message_search_words WHERE word IN (
		SELECT t.term FROM message_words_scratch_terms t
		WHERE NOT EXISTS (SELECT 1 FROM messages_fts WHERE messages_fts MATCH 'content : "' || replace(t.term, '"', '""') || '"'));
	INSERT INTO message_words_scratch(message_words_scratch) VALUES ('delete-all');
END;
