CREATE TABLE `link_previews` (
	`url` text PRIMARY KEY NOT NULL,
	`card` text,
	`fetched_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `messages` ADD `preview_removed` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Taking a message's preview off is a change members see, numbered like an edit (migration 0016).
DROP TRIGGER `messages_after_change`;
--> statement-breakpoint
CREATE TRIGGER `messages_after_change` AFTER UPDATE OF content, deleted_at, reactions, preview_removed ON `messages`
WHEN old.content IS NOT new.content OR old.deleted_at IS NOT new.deleted_at OR old.reactions IS NOT new.reactions
	OR old.preview_removed IS NOT new.preview_removed BEGIN
	UPDATE chats SET change_seq = change_seq + 1 WHERE id = new.chat_id;
	UPDATE messages SET change_seq = (SELECT change_seq FROM chats WHERE id = new.chat_id) WHERE id = new.id;
END;
