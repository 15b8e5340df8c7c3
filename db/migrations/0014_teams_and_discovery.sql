CREATE TABLE `suggestion_dismissals` (
	`member_id` text NOT NULL,
	`kind` text NOT NULL,
	`subject_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`member_id`, `kind`, `subject_id`),
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `chats` ADD `project_id` text;--> statement-breakpoint
ALTER TABLE `chats` ADD `archived` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `chats_project_unique` ON `chats` (`project_id`);--> statement-breakpoint
ALTER TABLE `profiles` ADD `open_to_join` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `profiles` ADD `listed_in_search` integer DEFAULT true NOT NULL;
--> statement-breakpoint
-- Hand-written from here on (drizzle-kit does not write virtual tables, views or triggers).
-- Inserts in triggers skip duplicates with ON CONFLICT DO NOTHING, not INSERT OR IGNORE: an
-- outer statement's conflict policy (profiles are saved by an upsert) would override OR IGNORE.
--
-- Find people. `member_search` holds one row per member who shows in search ('Show me in search'
-- on): what the search index reads (name, skills, facets), numbered newest first by `seq`, which is
-- the index's rowid and the list's order. Triggers on `profiles` keep it: a member who turns the
-- switch off, or deletes their account, leaves it in the same statement. `facets` holds one word per
-- combination of the member's filter values (specialization, experience, developer type, region,
-- open to join: 31 at most), so any choice of filters is one word of the index whose posting list is
-- exactly the members who match it, and a search never walks members who match only part of it.
-- The word: 'f', then for each filter used, its letter and its value in lower case without spaces or
-- punctuation (worker/people/facets.ts builds the same).
CREATE TABLE `facet_masks` (`m` integer PRIMARY KEY NOT NULL);
--> statement-breakpoint
INSERT INTO `facet_masks`(m) VALUES (1), (2), (3), (4), (5), (6), (7), (8), (9), (10), (11), (12), (13), (14), (15), (16), (17), (18), (19), (20), (21), (22), (23), (24), (25), (26), (27), (28), (29), (30), (31);
--> statement-breakpoint
CREATE VIEW `member_search_source` AS
	SELECT p.id AS member_id, p.created_at,
		coalesce(p.display_name, '') AS name,
		coalesce((SELECT group_concat(value, ' ') FROM json_each(p.skills)), '') AS skills,
		coalesce((
			SELECT group_concat('f' || iif(m & 1, 's' || c.s, '') || iif(m & 2, 'e' || c.e, '')
				|| iif(m & 4, 't' || c.t, '') || iif(m & 8, 'r' || c.r, '') || iif(m & 16, 'o', ''), ' ')
			FROM (SELECT
				lower(replace(replace(replace(replace(replace(replace(replace(nullif(p.specialization, ''), ' ', ''), '(', ''), ')', ''), '-', ''), '+', ''), '&', ''), '/', '')) AS s,
				lower(replace(replace(replace(replace(replace(replace(replace(nullif(p.experience, ''), ' ', ''), '(', ''), ')', ''), '-', ''), '+', ''), '&', ''), '/', '')) AS e,
				lower(replace(replace(replace(replace(replace(replace(replace(nullif(p.developer_type, ''), ' ', ''), '(', ''), ')', ''), '-', ''), '+', ''), '&', ''), '/', '')) AS t,
				lower(replace(replace(replace(replace(replace(replace(replace(nullif(p.region, ''), ' ', ''), '(', ''), ')', ''), '-', ''), '+', ''), '&', ''), '/', '')) AS r) c, facet_masks
			WHERE (m & 1 = 0 OR c.s IS NOT NULL) AND (m & 2 = 0 OR c.e IS NOT NULL)
				AND (m & 4 = 0 OR c.t IS NOT NULL) AND (m & 8 = 0 OR c.r IS NOT NULL) AND (m & 16 = 0 OR p.open_to_join)
		), '') AS facets
	FROM profiles p
	WHERE p.listed_in_search;
--> statement-breakpoint
CREATE TABLE `member_search` (
	`seq` integer PRIMARY KEY NOT NULL,
	`member_id` text NOT NULL UNIQUE,
	`name` text NOT NULL,
	`skills` text NOT NULL,
	`facets` text NOT NULL
);
--> statement-breakpoint
-- After a VACUUM, as for projects_fts: INSERT INTO people_fts(people_fts) VALUES ('rebuild');
CREATE VIRTUAL TABLE `people_fts` USING fts5(
	name, skills, facets,
	content='member_search', content_rowid='seq',
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
-- Every word of the names and skills people_fts holds, so the last word of a search (a prefix) reads
-- as the few whole words it begins, as project_search_words does for projects (migration 0010).
CREATE TABLE `people_search_words` (`word` text PRIMARY KEY NOT NULL) WITHOUT ROWID;
--> statement-breakpoint
CREATE VIRTUAL TABLE `people_words_scratch` USING fts5(
	name, skills,
	content='',
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `people_words_scratch_terms` USING fts5vocab(`people_words_scratch`, 'row');
--> statement-breakpoint
-- Suggestions. Whole, lower-cased terms: a listed member's skills and interests ('interest:web
-- development'), and a project's required skills, tech stack and category ('category:web
-- development'), each numbered so the newest holders of a term are one index range away; and how
-- many members and projects hold each term, so rarer ones weigh more. Kept by triggers.
CREATE TABLE `term_counts` (
	`term` text PRIMARY KEY NOT NULL,
	`members` integer DEFAULT 0 NOT NULL,
	`projects` integer DEFAULT 0 NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
CREATE VIEW `member_terms_source` AS
	SELECT p.id AS member_id, lower(trim(s.value)) AS term, trim(s.value) AS label
		FROM profiles p, json_each(p.skills) s WHERE trim(s.value) <> ''
	UNION ALL
	SELECT p.id, 'interest:' || lower(i.value), i.value FROM profiles p, json_each(p.interested_projects) i;
--> statement-breakpoint
CREATE TABLE `member_terms` (
	`member_id` text NOT NULL,
	`term` text NOT NULL,
	`label` text NOT NULL,
	`seq` integer NOT NULL,
	PRIMARY KEY(`member_id`, `term`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `member_terms_newest_idx` ON `member_terms` (`term`, `seq`);
--> statement-breakpoint
CREATE VIEW `project_terms_source` AS
	SELECT p.id AS project_id, lower(trim(s.value)) AS term, trim(s.value) AS label,
			p.status = 'open' AS open, p.created_at, p.user_id AS owner_id
		FROM projects p, json_each(p.skills_required) s WHERE trim(s.value) <> ''
	UNION ALL
	SELECT p.id, lower(trim(s.value)), trim(s.value), p.status = 'open', p.created_at, p.user_id
		FROM projects p, json_each(p.tech_stack) s WHERE trim(s.value) <> ''
	UNION ALL
	SELECT p.id, 'category:' || lower(p.category), p.category, p.status = 'open', p.created_at, p.user_id
		FROM projects p;
--> statement-breakpoint
CREATE TABLE `project_terms` (
	`project_id` text NOT NULL,
	`term` text NOT NULL,
	`label` text NOT NULL,
	`open` integer NOT NULL,
	`created_at` integer NOT NULL,
	`owner_id` text NOT NULL,
	PRIMARY KEY(`project_id`, `term`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `project_terms_open_newest_idx` ON `project_terms` (`term`, `created_at`, `owner_id`) WHERE open;
--> statement-breakpoint
CREATE TRIGGER `member_terms_after_insert` AFTER INSERT ON `member_terms` BEGIN
	INSERT INTO term_counts(term, members) VALUES (new.term, 1)
		ON CONFLICT(term) DO UPDATE SET members = members + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `member_terms_after_delete` AFTER DELETE ON `member_terms` BEGIN
	UPDATE term_counts SET members = members - 1 WHERE term = old.term;
END;
--> statement-breakpoint
CREATE TRIGGER `project_terms_after_insert` AFTER INSERT ON `project_terms` BEGIN
	INSERT INTO term_counts(term, projects) VALUES (new.term, 1)
		ON CONFLICT(term) DO UPDATE SET projects = projects + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `project_terms_after_delete` AFTER DELETE ON `project_terms` BEGIN
	UPDATE term_counts SET projects = projects - 1 WHERE term = old.term;
END;
--> statement-breakpoint
CREATE TRIGGER `member_search_after_insert` AFTER INSERT ON `member_search` BEGIN
	INSERT INTO people_fts(rowid, name, skills, facets) VALUES (new.seq, new.name, new.skills, new.facets);
	INSERT INTO member_terms(member_id, term, label, seq)
		SELECT member_id, term, label, new.seq FROM member_terms_source WHERE member_id = new.member_id
		ON CONFLICT DO NOTHING;
	INSERT INTO people_words_scratch(rowid, name, skills) VALUES (1, new.name, new.skills);
	INSERT INTO people_search_words(word) SELECT term FROM people_words_scratch_terms WHERE true ON CONFLICT DO NOTHING;
	INSERT INTO people_words_scratch(people_words_scratch) VALUES ('delete-all');
END;
--> statement-breakpoint
CREATE TRIGGER `member_search_after_delete` AFTER DELETE ON `member_search` BEGIN
	INSERT INTO people_fts(people_fts, rowid, name, skills, facets) VALUES ('delete', old.seq, old.name, old.skills, old.facets);
	DELETE FROM member_terms WHERE member_id = old.member_id;
END;
--> statement-breakpoint
CREATE TRIGGER `member_search_after_update` AFTER UPDATE ON `member_search` BEGIN
	INSERT INTO people_fts(people_fts, rowid, name, skills, facets) VALUES ('delete', old.seq, old.name, old.skills, old.facets);
	INSERT INTO people_fts(rowid, name, skills, facets) VALUES (new.seq, new.name, new.skills, new.facets);
	DELETE FROM member_terms WHERE member_id = old.member_id;
	INSERT INTO member_terms(member_id, term, label, seq)
		SELECT member_id, term, label, new.seq FROM member_terms_source WHERE member_id = new.member_id
		ON CONFLICT DO NOTHING;
	INSERT INTO people_words_scratch(rowid, name, skills) VALUES (1, new.name, new.skills);
	INSERT INTO people_search_words(word) SELECT term FROM people_words_scratch_terms WHERE true ON CONFLICT DO NOTHING;
	INSERT INTO people_words_scratch(people_words_scratch) VALUES ('delete-all');
END;
--> statement-breakpoint
-- Members already here are listed in the order they joined.
INSERT INTO `member_search`(member_id, name, skills, facets)
	SELECT member_id, name, skills, facets FROM `member_search_source` ORDER BY created_at, member_id;
--> statement-breakpoint
CREATE TRIGGER `member_search_after_profile_insert` AFTER INSERT ON `profiles` BEGIN
	INSERT INTO member_search(member_id, name, skills, facets)
		SELECT member_id, name, skills, facets FROM member_search_source WHERE member_id = new.id;
END;
--> statement-breakpoint
-- An upsert keeps a listed member's place (their seq); every save refreshes their words and terms.
CREATE TRIGGER `member_search_after_profile_update` AFTER UPDATE OF
	display_name, skills, interested_projects, specialization, experience, developer_type, region,
	open_to_join, listed_in_search ON `profiles` BEGIN
	DELETE FROM member_search WHERE member_id = new.id AND NOT new.listed_in_search;
	INSERT INTO member_search(member_id, name, skills, facets)
		SELECT member_id, name, skills, facets FROM member_search_source WHERE member_id = new.id
		ON CONFLICT(member_id) DO UPDATE SET name = excluded.name, skills = excluded.skills, facets = excluded.facets;
END;
--> statement-breakpoint
CREATE TRIGGER `member_search_after_profile_delete` AFTER DELETE ON `profiles` BEGIN
	DELETE FROM member_search WHERE member_id = old.id;
END;
--> statement-breakpoint
INSERT OR IGNORE INTO `project_terms`(project_id, term, label, open, created_at, owner_id)
	SELECT project_id, term, label, open, created_at, owner_id FROM `project_terms_source`;
--> statement-breakpoint
CREATE TRIGGER `project_terms_after_project_insert` AFTER INSERT ON `projects` BEGIN
	INSERT INTO project_terms(project_id, term, label, open, created_at, owner_id)
		SELECT project_id, term, label, open, created_at, owner_id FROM project_terms_source WHERE project_id = new.id
		ON CONFLICT DO NOTHING;
END;
--> statement-breakpoint
CREATE TRIGGER `project_terms_after_project_update` AFTER UPDATE OF
	skills_required, tech_stack, category, status, user_id ON `projects` BEGIN
	DELETE FROM project_terms WHERE project_id = new.id;
	INSERT INTO project_terms(project_id, term, label, open, created_at, owner_id)
		SELECT project_id, term, label, open, created_at, owner_id FROM project_terms_source WHERE project_id = new.id
		ON CONFLICT DO NOTHING;
END;
--> statement-breakpoint
-- Team chats: a project's chat is named after it, and outlives it read-only.
CREATE TRIGGER `projects_after_delete_terms_and_chat` AFTER DELETE ON `projects` BEGIN
	DELETE FROM project_terms WHERE project_id = old.id;
	UPDATE chats SET archived = 1 WHERE project_id = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `projects_after_title_team_chat` AFTER UPDATE OF title ON `projects` BEGIN
	UPDATE chats SET title = new.title WHERE project_id = new.id;
END;
