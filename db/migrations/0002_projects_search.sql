-- Full-text search over projects (title, description, tech stack), kept in step by triggers.
-- The index reads its text from `projects` by rowid. VACUUM may renumber the rowids of a table
-- without an INTEGER PRIMARY KEY, so after a VACUUM run:
--   INSERT INTO projects_fts(projects_fts) VALUES ('rebuild');
CREATE VIRTUAL TABLE `projects_fts` USING fts5(
	title, description, tech_stack,
	content='projects', content_rowid='rowid',
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
INSERT INTO `projects_fts`(rowid, title, description, tech_stack)
	SELECT rowid, title, description, tech_stack FROM `projects`;
--> statement-breakpoint
CREATE TRIGGER `projects_fts_after_insert` AFTER INSERT ON `projects` BEGIN
	INSERT INTO projects_fts(rowid, title, description, tech_stack)
		VALUES (new.rowid, new.title, new.description, new.tech_stack);
END;
--> statement-breakpoint
CREATE TRIGGER `projects_fts_after_delete` AFTER DELETE ON `projects` BEGIN
	INSERT INTO projects_fts(projects_fts, rowid, title, description, tech_stack)
		VALUES ('delete', old.rowid, old.title, old.description, old.tech_stack);
END;
--> statement-breakpoint
CREATE TRIGGER `projects_fts_after_update` AFTER UPDATE OF title, description, tech_stack ON `projects` BEGIN
	INSERT INTO projects_fts(projects_fts, rowid, title, description, tech_stack)
		VALUES ('delete', old.rowid, old.title, old.description, old.tech_stack);
	INSERT INTO projects_fts(rowid, title, description, tech_stack)
		VALUES (new.rowid, new.title, new.description, new.tech_stack);
END;
