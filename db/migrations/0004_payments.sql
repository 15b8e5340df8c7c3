CREATE TABLE `stripe_refunds` (
	`payment_intent_id` text PRIMARY KEY NOT NULL,
	`stripe_event_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
DROP INDEX `payments_user_idx`;--> statement-breakpoint
ALTER TABLE `payments` ADD `stripe_payment_intent_id` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `paid_at` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `refunded_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_stripe_payment_intent_id_unique` ON `payments` (`stripe_payment_intent_id`);--> statement-breakpoint
CREATE INDEX `payments_user_idx` ON `payments` (`user_id`,`status`);--> statement-breakpoint
-- is_pro becomes derived from subscription_status, so the two can never disagree again.
UPDATE `profiles` SET `subscription_status` = 'lifetime' WHERE `is_pro` = 1;--> statement-breakpoint
ALTER TABLE `profiles` DROP COLUMN `is_pro`;--> statement-breakpoint
ALTER TABLE `profiles` ADD `is_pro` integer GENERATED ALWAYS AS (subscription_status = 'lifetime') VIRTUAL NOT NULL;
