-- The dashboard's figures, maintained instead of counted: one row per (status, category), changed
-- by triggers inside the very statement that inserts, deletes (foreign-key cascades included) or
-- re-files a project, so the figures are exact whatever writes run at once, on every host.
CREATE TABLE `project_counts` (
	`status` text NOT NULL,
	`category` text NOT NULL,
	`projects` integer NOT NULL,
	`members` integer NOT NULL,
	PRIMARY KEY(`status`, `category`)
);
--> statement-breakpoint
INSERT INTO `project_counts`(status, category, projects, members)
	SELECT status, category, count(*), sum(members) FROM `projects` GROUP BY status, category;
--> statement-breakpoint
CREATE TRIGGER `project_counts_after_insert` AFTER INSERT ON `projects` BEGIN
	INSERT INTO project_counts(status, category, projects, members) VALUES (new.status, new.category, 1, new.members)
		ON CONFLICT(status, category) DO UPDATE SET projects = projects + 1, members = members + excluded.members;
END;
--> statement-breakpoint
CREATE TRIGGER `project_counts_after_delete` AFTER DELETE ON `projects` BEGIN
	UPDATE project_counts SET projects = projects - 1, members = members - old.members
		WHERE status = old.status AND category = old.category;
END;
--> statement-breakpoint
CREATE TRIGGER `project_counts_after_update` AFTER UPDATE OF status, category, members ON `projects` BEGIN
	UPDATE project_counts SET projects = projects - 1, members = members - old.members
		WHERE status = old.status AND category = old.category;
	INSERT INTO project_counts(status, category, projects, members) VALUES (new.status, new.category, 1, new.members)
		ON CONFLICT(status, category) DO UPDATE SET projects = projects + 1, members = members + excluded.members;
END;
