-- Every word the projects' search index holds, so that the last word of a search, which matches as a
-- prefix, can be read as the few whole words it begins: FTS5 answers a prefix by merging the lists of
-- every word it begins into one, which costs as much as the word is common and grows with the table,
-- while it pages through whole words newest first and stops after a page. Words are only added: one
-- no project uses any more matches nothing, at no cost.
CREATE TABLE `project_search_words` (`word` text PRIMARY KEY NOT NULL) WITHOUT ROWID;
--> statement-breakpoint
-- One project's text at a time, tokenized as projects_fts tokenizes it, so a trigger can read its
-- words; emptied after each use.
CREATE VIRTUAL TABLE `project_words_scratch` USING fts5(
	title, description, tech_stack,
	content='',
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `project_words_scratch_terms` USING fts5vocab(`project_words_scratch`, 'row');
--> statement-breakpoint
CREATE VIRTUAL TABLE temp.`projects_fts_terms` USING fts5vocab(main, `projects_fts`, 'row');
--> statement-breakpoint
INSERT INTO `project_search_words`(word) SELECT term FROM temp.`projects_fts_terms`;
--> statement-breakpoint
DROP TABLE temp.`projects_fts_terms`;
--> statement-breakpoint
CREATE TRIGGER `project_search_words_after_insert` AFTER INSERT ON `projects` BEGIN
	INSERT INTO project_words_scratch(rowid, title, description, tech_stack)
		VALUES (1, new.title, new.description, new.tech_stack);
	INSERT OR IGNORE INTO project_search_words(word) SELECT term FROM project_words_scratch_terms;
	INSERT INTO project_words_scratch(project_words_scratch) VALUES ('delete-all');
END;
--> statement-breakpoint
CREATE TRIGGER `project_search_words_after_update` AFTER UPDATE OF title, description, tech_stack ON `projects` BEGIN
	INSERT INTO project_words_scratch(rowid, title, description, tech_stack)
		VALUES (1, new.title, new.description, new.tech_stack);
	INSERT OR IGNORE INTO project_search_words(word) SELECT term FROM project_words_scratch_terms;
	INSERT INTO project_words_scratch(project_words_scratch) VALUES ('delete-all');
END;
