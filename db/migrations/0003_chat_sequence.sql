DROP INDEX `messages_chat_idx`;--> statement-breakpoint
-- SQLite adds a NOT NULL column only with a default; no message was stored before this migration.
ALTER TABLE `messages` ADD `seq` integer NOT NULL DEFAULT 0;--> statement-breakpoint
CREATE UNIQUE INDEX `messages_chat_seq_unique` ON `messages` (`chat_id`,`seq`);--> statement-breakpoint
ALTER TABLE `chat_participants` ADD `last_read_seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `chat_participants` DROP COLUMN `last_read_message_id`;--> statement-breakpoint
ALTER TABLE `chats` ADD `pair_key` text;--> statement-breakpoint
ALTER TABLE `chats` ADD `last_seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `chats_pair_key_unique` ON `chats` (`pair_key`);