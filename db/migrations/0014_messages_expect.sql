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
-- Words of two and three letters are indexed as prefixes too: the last word a member types matches
-- the words it begins without merging every one of them.
CREATE VIRTUAL TABLE `messages_fts` USING fts5(
	content,
	content='messages', content_rowid='id',
	tokenize='unicode61 remove_diacritics 2', prefix='2 3'
);
--> statement-breakpoint
INSERT INTO `messages_fts`(rowid, content)
	SELECT id, content FROM `messages` WHERE message_type = 'text' AND deleted_at IS NULL;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_after_insert` AFTER INSERT ON `messages`
WHEN new.message_type = 'text' AND new.deleted_at IS NULL BEGIN
	INSERT INTO messages_fts(rowid, content) VALUES (new.id, new.content);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_after_update` AFTER UPDATE OF content, deleted_at ON `messages`
WHEN new.message_type = 'text' AND (old.content IS NOT new.content OR old.deleted_at IS NOT new.deleted_at) BEGIN
	INSERT INTO messages_fts(messages_fts, rowid, content)
		SELECT 'delete', old.id, old.content WHERE old.deleted_at IS NULL;
	INSERT INTO messages_fts(rowid, content) SELECT new.id, new.content WHERE new.deleted_at IS NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_after_delete` AFTER DELETE ON `messages`
WHEN old.message_type = 'text' AND old.deleted_at IS NULL BEGIN
	INSERT INTO messages_fts(messages_fts, rowid, content) VALUES ('delete', old.id, old.content);
END;
