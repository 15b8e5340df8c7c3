CREATE TABLE `blocks` (
	`blocker_id` text NOT NULL,
	`blocked_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`blocker_id`, `blocked_id`),
	FOREIGN KEY (`blocker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`blocked_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "blocks_not_self" CHECK("blocks"."blocker_id" <> "blocks"."blocked_id")
);
--> statement-breakpoint
CREATE INDEX `blocks_blocker_newest_idx` ON `blocks` (`blocker_id`,`created_at`,`blocked_id`);--> statement-breakpoint
CREATE INDEX `blocks_blocked_idx` ON `blocks` (`blocked_id`);--> statement-breakpoint
CREATE TABLE `moderation_actions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`admin_id` text NOT NULL,
	`admin_email` text NOT NULL,
	`action` text NOT NULL,
	`report_id` text,
	`member_id` text NOT NULL,
	`target_id` text,
	`reason` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `reports` (
	`id` text PRIMARY KEY NOT NULL,
	`reporter_id` text NOT NULL,
	`target_kind` text NOT NULL,
	`target_id` text NOT NULL,
	`target_member_id` text NOT NULL,
	`reason` text NOT NULL,
	`details` text,
	`excerpt` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`resolved_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reports_reporter_target_unique` ON `reports` (`reporter_id`,`target_kind`,`target_id`);--> statement-breakpoint
CREATE INDEX `reports_status_newest_idx` ON `reports` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `reports_target_member_idx` ON `reports` (`target_member_id`);--> statement-breakpoint
CREATE INDEX `reports_target_idx` ON `reports` (`target_kind`,`target_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `suspended_at` integer;--> statement-breakpoint
CREATE INDEX `users_suspended_idx` ON `users` (`id`) WHERE suspended_at IS NOT NULL;--> statement-breakpoint
-- Hand-written. A block ends what the two had in the very statement that stores it, whoever
-- writes it: their friendship or pending friend request (either direction), and pending requests
-- to join each other's projects. Accepted team places stay, as shared group chats do.
CREATE TRIGGER `blocks_after_insert` AFTER INSERT ON `blocks` BEGIN
	DELETE FROM friends
		WHERE pair_key = min(new.blocker_id, new.blocked_id) || ' ' || max(new.blocker_id, new.blocked_id);
	DELETE FROM project_join_requests
		WHERE status = 'pending' AND (
			(user_id = new.blocked_id AND project_id IN (SELECT id FROM projects WHERE user_id = new.blocker_id))
			OR (user_id = new.blocker_id AND project_id IN (SELECT id FROM projects WHERE user_id = new.blocked_id))
		);
END;
