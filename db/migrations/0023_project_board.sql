CREATE TABLE `board_columns` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`name` text NOT NULL,
	`position` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `board_columns_project_idx` ON `board_columns` (`project_id`,`position`);--> statement-breakpoint
CREATE TABLE `board_labels` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`name` text NOT NULL,
	`color` text NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `board_labels_name_unique` ON `board_labels` (`project_id`,`name`);--> statement-breakpoint
CREATE TABLE `board_task_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`task_id` text NOT NULL,
	`user_id` text,
	`field` text NOT NULL,
	`from_value` text,
	`to_value` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`task_id`) REFERENCES `board_tasks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `board_task_history_task_idx` ON `board_task_history` (`task_id`,`id`);--> statement-breakpoint
CREATE TABLE `board_tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`number` integer NOT NULL,
	`column_id` text NOT NULL,
	`position` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`assignee_id` text,
	`label_ids` text DEFAULT '[]' NOT NULL,
	`due_date` text,
	`version` integer DEFAULT 1 NOT NULL,
	`edited_version` integer DEFAULT 1 NOT NULL,
	`created_by` text,
	`edited_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`column_id`) REFERENCES `board_columns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`assignee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`edited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `board_tasks_number_unique` ON `board_tasks` (`project_id`,`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `board_tasks_position_unique` ON `board_tasks` (`column_id`,`position`);--> statement-breakpoint
CREATE INDEX `board_tasks_assignee_idx` ON `board_tasks` (`assignee_id`);--> statement-breakpoint
CREATE TABLE `boards` (
	`project_id` text PRIMARY KEY NOT NULL,
	`next_number` integer DEFAULT 1 NOT NULL,
	`progress_follows_board` integer DEFAULT false NOT NULL,
	`done_lines` integer DEFAULT true NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Written by hand: every project has its board from the statement that makes it, with the default
-- columns (core/board-rules.ts), and the projects made before this migration get theirs here.
CREATE TRIGGER `boards_after_project_insert` AFTER INSERT ON `projects` BEGIN
	INSERT INTO boards (project_id) VALUES (new.id);
	INSERT INTO board_columns (id, project_id, name, position) VALUES
		(lower(hex(randomblob(16))), new.id, 'To do', 0),
		(lower(hex(randomblob(16))), new.id, 'In progress', 1),
		(lower(hex(randomblob(16))), new.id, 'Done', 2);
END;
--> statement-breakpoint
INSERT INTO boards (project_id) SELECT id FROM projects;
--> statement-breakpoint
INSERT INTO board_columns (id, project_id, name, position)
SELECT lower(hex(randomblob(16))), p.id, c.name, c.position FROM projects p
CROSS JOIN (SELECT 'To do' AS name, 0 AS position UNION ALL SELECT 'In progress', 1 UNION ALL SELECT 'Done', 2) c;
--> statement-breakpoint
-- A member who leaves the team, or is taken off it, is unassigned from its open tasks (those not in
-- the last column) in the statement that changes their request, whichever way it is changed.
CREATE TRIGGER `board_tasks_unassign_departed` AFTER UPDATE OF status ON `project_join_requests`
WHEN old.status = 'accepted' AND new.status IS NOT 'accepted' BEGIN
	UPDATE board_tasks SET assignee_id = NULL, version = version + 1, edited_version = version + 1,
		updated_at = unixepoch('subsec') * 1000
	WHERE project_id = new.project_id AND assignee_id = new.user_id
		AND column_id IS NOT (SELECT c.id FROM board_columns c WHERE c.project_id = new.project_id
			ORDER BY c.position DESC LIMIT 1);
END;
