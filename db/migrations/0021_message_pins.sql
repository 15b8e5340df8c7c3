CREATE TABLE `message_pins` (
	`message_id` integer PRIMARY KEY NOT NULL,
	`chat_id` text NOT NULL,
	`pinned_by` text NOT NULL,
	`pinned_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`chat_id`) REFERENCES `chats`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `message_pins_chat_idx` ON `message_pins` (`chat_id`,`pinned_at`);--> statement-breakpoint
-- Written by hand: a message deleted for everyone, or taken down by a moderator, leaves the pins
-- panel in the statement that removes it.
CREATE TRIGGER `message_pins_after_removal` AFTER UPDATE OF deleted_at, message_type ON `messages`
WHEN new.deleted_at IS NOT NULL OR new.message_type IS NOT 'text' BEGIN
	DELETE FROM message_pins WHERE message_id = new.id;
END;
