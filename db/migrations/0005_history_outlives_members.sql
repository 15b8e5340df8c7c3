PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_chat_participants` (
	`chat_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text DEFAULT 'member' NOT NULL,
	`left_at` integer,
	`last_read_seq` integer DEFAULT 0 NOT NULL,
	`muted` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`chat_id`, `user_id`),
	FOREIGN KEY (`chat_id`) REFERENCES `chats`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_chat_participants`("chat_id", "user_id", "role", "left_at", "last_read_seq", "muted", "created_at") SELECT "chat_id", "user_id", "role", "left_at", "last_read_seq", "muted", "created_at" FROM `chat_participants`;--> statement-breakpoint
DROP TABLE `chat_participants`;--> statement-breakpoint
ALTER TABLE `__new_chat_participants` RENAME TO `chat_participants`;--> statement-breakpoint
CREATE INDEX `chat_participants_user_idx` ON `chat_participants` (`user_id`,`left_at`);--> statement-breakpoint
CREATE TABLE `__new_chats` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text,
	`description` text,
	`is_group` integer DEFAULT false NOT NULL,
	`avatar_url` text,
	`created_by` text NOT NULL,
	`pair_key` text,
	`last_seq` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_chats`("id", "title", "description", "is_group", "avatar_url", "created_by", "pair_key", "last_seq", "created_at", "updated_at") SELECT "id", "title", "description", "is_group", "avatar_url", "created_by", "pair_key", "last_seq", "created_at", "updated_at" FROM `chats`;--> statement-breakpoint
DROP TABLE `chats`;--> statement-breakpoint
ALTER TABLE `__new_chats` RENAME TO `chats`;--> statement-breakpoint
CREATE UNIQUE INDEX `chats_pair_key_unique` ON `chats` (`pair_key`);--> statement-breakpoint
CREATE TABLE `__new_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`chat_id` text NOT NULL,
	`sender_id` text NOT NULL,
	`seq` integer NOT NULL,
	`client_id` text NOT NULL,
	`content` text NOT NULL,
	`message_type` text DEFAULT 'text' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`chat_id`) REFERENCES `chats`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_messages`("id", "chat_id", "sender_id", "seq", "client_id", "content", "message_type", "created_at") SELECT "id", "chat_id", "sender_id", "seq", "client_id", "content", "message_type", "created_at" FROM `messages`;--> statement-breakpoint
DROP TABLE `messages`;--> statement-breakpoint
ALTER TABLE `__new_messages` RENAME TO `messages`;--> statement-breakpoint
CREATE UNIQUE INDEX `messages_sender_client_unique` ON `messages` (`sender_id`,`client_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `messages_chat_seq_unique` ON `messages` (`chat_id`,`seq`);--> statement-breakpoint
CREATE TABLE `__new_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`stripe_session_id` text NOT NULL,
	`stripe_event_id` text,
	`stripe_payment_intent_id` text,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`paid_at` integer,
	`refunded_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_payments`("id", "user_id", "stripe_session_id", "stripe_event_id", "stripe_payment_intent_id", "amount", "currency", "status", "paid_at", "refunded_at", "created_at", "updated_at") SELECT "id", "user_id", "stripe_session_id", "stripe_event_id", "stripe_payment_intent_id", "amount", "currency", "status", "paid_at", "refunded_at", "created_at", "updated_at" FROM `payments`;--> statement-breakpoint
DROP TABLE `payments`;--> statement-breakpoint
ALTER TABLE `__new_payments` RENAME TO `payments`;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_stripe_session_id_unique` ON `payments` (`stripe_session_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_stripe_event_id_unique` ON `payments` (`stripe_event_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_stripe_payment_intent_id_unique` ON `payments` (`stripe_payment_intent_id`);--> statement-breakpoint
CREATE INDEX `payments_user_idx` ON `payments` (`user_id`,`status`);--> statement-breakpoint
PRAGMA foreign_keys=ON;
