-- Written by hand. Project search and Find People read their own index of words, a B-tree table of
-- (word, document) rows, instead of projects_fts and people_fts. FTS5 hands out a word's documents
-- newest first and stops after a page, but it reaches a page that starts deep in a word's list by
-- walking the list up to it: a page 300,000 rows into "team" read every one of them. The B-tree finds
-- any place in a word's list in one seek, so a page costs the same at the first row and the last,
-- whatever the size of the site. A search walks its rarest word's list and checks each row for the
-- other words, one seek each (worker/search/postings.ts). FTS5 still splits the text into words, in the
-- scratch tables migrations 0010 and 0014 made for the word lists, so words are what they were.
--
-- `docs` in each word list counts the documents that hold the word (the search walks the rarest). A
-- document is the project's rowid, or the listed member's `seq`. A VACUUM may renumber the projects'
-- rowids, as it could for projects_fts: none is run; should one be, rebuild project_postings from an
-- FTS5 index over projects, as this migration builds it from projects_fts.
--
-- Every step below runs inside the migration's transaction; the old indexes go only once the new ones
-- hold every document.
CREATE TABLE `project_postings` (
	`word` text NOT NULL,
	`doc` integer NOT NULL,
	PRIMARY KEY(`word`, `doc`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `people_postings` (
	`word` text NOT NULL,
	`doc` integer NOT NULL,
	PRIMARY KEY(`word`, `doc`)
) WITHOUT ROWID;
--> statement-breakpoint
ALTER TABLE `project_search_words` ADD `docs` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `people_search_words` ADD `docs` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE VIRTUAL TABLE temp.`projects_fts_instances` USING fts5vocab(main, `projects_fts`, 'instance');
--> statement-breakpoint
INSERT INTO `project_postings`(word, doc) SELECT term, doc FROM temp.`projects_fts_instances` WHERE true
	ON CONFLICT DO NOTHING;
--> statement-breakpoint
DROP TABLE temp.`projects_fts_instances`;
--> statement-breakpoint
-- A member's filters are words of the same index, apart from their names and skills by a '#' that no
-- typed word can hold (a search's words are letters and digits).
CREATE VIRTUAL TABLE temp.`people_fts_instances` USING fts5vocab(main, `people_fts`, 'instance');
--> statement-breakpoint
INSERT INTO `people_postings`(word, doc)
	SELECT iif(col = 'facets', '#' || term, term), doc FROM temp.`people_fts_instances` WHERE true
	ON CONFLICT DO NOTHING;
--> statement-breakpoint
DROP TABLE temp.`people_fts_instances`;
--> statement-breakpoint
INSERT INTO `project_search_words`(word, docs) SELECT word, count(*) FROM `project_postings` WHERE true GROUP BY word
	ON CONFLICT(word) DO UPDATE SET docs = excluded.docs;
--> statement-breakpoint
INSERT INTO `people_search_words`(word, docs) SELECT word, count(*) FROM `people_postings` WHERE true GROUP BY word
	ON CONFLICT(word) DO UPDATE SET docs = excluded.docs;
--> statement-breakpoint
DROP TRIGGER `projects_fts_after_insert`;
--> statement-breakpoint
DROP TRIGGER `projects_fts_after_delete`;
--> statement-breakpoint
DROP TRIGGER `projects_fts_after_update`;
--> statement-breakpoint
DROP TRIGGER `project_search_words_after_insert`;
--> statement-breakpoint
DROP TRIGGER `project_search_words_after_update`;
--> statement-breakpoint
DROP TABLE `projects_fts`;
--> statement-breakpoint
-- A project's words: its text tokenized alone in the scratch index, each word a posting, counted.
CREATE TRIGGER `project_postings_after_insert` AFTER INSERT ON `projects` BEGIN
	INSERT INTO project_words_scratch(rowid, title, description, tech_stack)
		VALUES (1, new.title, new.description, new.tech_stack);
	INSERT INTO project_postings(word, doc) SELECT term, new.rowid FROM project_words_scratch_terms WHERE true
		ON CONFLICT DO NOTHING;
	INSERT INTO project_search_words(word, docs) SELECT term, 1 FROM project_words_scratch_terms WHERE true
		ON CONFLICT(word) DO UPDATE SET docs = docs + 1;
	INSERT INTO project_words_scratch(project_words_scratch) VALUES ('delete-all');
END;
--> statement-breakpoint
CREATE TRIGGER `project_postings_after_delete` AFTER DELETE ON `projects` BEGIN
	INSERT INTO project_words_scratch(rowid, title, description, tech_stack)
		VALUES (1, old.title, old.description, old.tech_stack);
	DELETE FROM project_postings WHERE doc = old.rowid AND word IN (SELECT term FROM project_words_scratch_terms);
	UPDATE project_search_words SET docs = docs - 1 WHERE word IN (SELECT term FROM project_words_scratch_terms);
	INSERT INTO project_words_scratch(project_words_scratch) VALUES ('delete-all');
END;
--> statement-breakpoint
CREATE TRIGGER `project_postings_after_update` AFTER UPDATE OF title, description, tech_stack ON `projects` BEGIN
	INSERT INTO project_words_scratch(rowid, title, description, tech_stack)
		VALUES (1, old.title, old.description, old.tech_stack);
	DELETE FROM project_postings WHERE doc = old.rowid AND word IN (SELECT term FROM project_words_scratch_terms);
	UPDATE project_search_words SET docs = docs - 1 WHERE word IN (SELECT term FROM project_words_scratch_terms);
	INSERT INTO project_words_scratch(project_words_scratch) VALUES ('delete-all');
	INSERT INTO project_words_scratch(rowid, title, description, tech_stack)
		VALUES (1, new.title, new.description, new.tech_stack);
	INSERT INTO project_postings(word, doc) SELECT term, new.rowid FROM project_words_scratch_terms WHERE true
		ON CONFLICT DO NOTHING;
	INSERT INTO project_search_words(word, docs) SELECT term, 1 FROM project_words_scratch_terms WHERE true
		ON CONFLICT(word) DO UPDATE SET docs = docs + 1;
	INSERT INTO project_words_scratch(project_words_scratch) VALUES ('delete-all');
END;
--> statement-breakpoint
-- A listed member's words: name and skills as the scratch index splits them, and their filters'
-- words as member_search holds them, '#' before each.
DROP TRIGGER `member_search_after_insert`;
--> statement-breakpoint
DROP TRIGGER `member_search_after_delete`;
--> statement-breakpoint
DROP TRIGGER `member_search_after_update`;
--> statement-breakpoint
DROP TABLE `people_fts`;
--> statement-breakpoint
DROP TABLE `people_words_scratch_terms`;
--> statement-breakpoint
DROP TABLE `people_words_scratch`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `people_words_scratch` USING fts5(
	name, skills, facets,
	content='',
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `people_words_scratch_words` USING fts5vocab(`people_words_scratch`, 'col');
--> statement-breakpoint
CREATE VIEW `people_scratch_postings` AS
	SELECT DISTINCT iif(col = 'facets', '#' || term, term) AS word FROM people_words_scratch_words;
--> statement-breakpoint
CREATE TRIGGER `member_search_after_insert` AFTER INSERT ON `member_search` BEGIN
	INSERT INTO member_terms(member_id, term, label, seq)
		SELECT member_id, term, label, new.seq FROM member_terms_source WHERE member_id = new.member_id
		ON CONFLICT DO NOTHING;
	INSERT INTO people_words_scratch(rowid, name, skills, facets) VALUES (1, new.name, new.skills, new.facets);
	INSERT INTO people_postings(word, doc) SELECT word, new.seq FROM people_scratch_postings WHERE true
		ON CONFLICT DO NOTHING;
	INSERT INTO people_search_words(word, docs) SELECT word, 1 FROM people_scratch_postings WHERE true
		ON CONFLICT(word) DO UPDATE SET docs = docs + 1;
	INSERT INTO people_words_scratch(people_words_scratch) VALUES ('delete-all');
END;
--> statement-breakpoint
CREATE TRIGGER `member_search_after_delete` AFTER DELETE ON `member_search` BEGIN
	DELETE FROM member_terms WHERE member_id = old.member_id;
	INSERT INTO people_words_scratch(rowid, name, skills, facets) VALUES (1, old.name, old.skills, old.facets);
	DELETE FROM people_postings WHERE doc = old.seq AND word IN (SELECT word FROM people_scratch_postings);
	UPDATE people_search_words SET docs = docs - 1 WHERE word IN (SELECT word FROM people_scratch_postings);
	INSERT INTO people_words_scratch(people_words_scratch) VALUES ('delete-all');
END;
--> statement-breakpoint
CREATE TRIGGER `member_search_after_update` AFTER UPDATE ON `member_search` BEGIN
	DELETE FROM member_terms WHERE member_id = old.member_id;
	INSERT INTO member_terms(member_id, term, label, seq)
		SELECT member_id, term, label, new.seq FROM member_terms_source WHERE member_id = new.member_id
		ON CONFLICT DO NOTHING;
	INSERT INTO people_words_scratch(rowid, name, skills, facets) VALUES (1, old.name, old.skills, old.facets);
	DELETE FROM people_postings WHERE doc = old.seq AND word IN (SELECT word FROM people_scratch_postings);
	UPDATE people_search_words SET docs = docs - 1 WHERE word IN (SELECT word FROM people_scratch_postings);
	INSERT INTO people_words_scratch(people_words_scratch) VALUES ('delete-all');
	INSERT INTO people_words_scratch(rowid, name, skills, facets) VALUES (1, new.name, new.skills, new.facets);
	INSERT INTO people_postings(word, doc) SELECT word, new.seq FROM people_scratch_postings WHERE true
		ON CONFLICT DO NOTHING;
	INSERT INTO people_search_words(word, docs) SELECT word, 1 FROM people_scratch_postings WHERE true
		ON CONFLICT(word) DO UPDATE SET docs = docs + 1;
	INSERT INTO people_words_scratch(people_words_scratch) VALUES ('delete-all');
END;
