CREATE TABLE `message_attachments` (
	`id` text PRIMARY KEY NOT NULL,
	`chat_id` text NOT NULL,
	`uploader_id` text NOT NULL,
	`message_id` integer,
	`name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`chat_id`) REFERENCES `chats`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `message_attachments_message_idx` ON `message_attachments` (`message_id`,`position`);--> statement-breakpoint
CREATE INDEX `message_attachments_unsent_idx` ON `message_attachments` (`created_at`) WHERE message_id IS NULL;--> statement-breakpoint
-- Written by hand below. A message deleted for everyone lets go of its files in the very statement
-- that deletes it: from then on no page lists them and no request serves them. Their rows wait,
-- marked as from long ago (created_at 0), until the files are gone from the store too; no send can
-- claim them, since an upload is sendable only while new.
CREATE TRIGGER `messages_after_delete_drops_attachments` AFTER UPDATE OF deleted_at ON `messages`
WHEN old.deleted_at IS NULL AND new.deleted_at IS NOT NULL BEGIN
	UPDATE message_attachments SET message_id = NULL, created_at = 0 WHERE message_id = new.id;
END;
