-- Written by hand: a project whose owner lets its figures follow its board keeps its own progress
-- and feature lists true in the statement that changes the board, so every page that reads projects
-- (the project page, cards, lists, search) shows the board's figures without knowing of it.
--
-- Each task as a feature: its column's place names its list (the last column is Done, as the board's
-- Done line has it; the first is planned; any between is pending), its title fits the lists' items
-- (core/project-rules.ts: MAX_LIST_ITEM_LENGTH = 80), and `k` orders it as the board does (column,
-- then task; column positions are small whole numbers, task positions fractional keys).
CREATE VIEW `board_features` AS
SELECT c.project_id,
	CASE c.position
		WHEN (SELECT max(x.position) FROM board_columns x WHERE x.project_id = c.project_id) THEN 'completed'
		WHEN (SELECT min(x.position) FROM board_columns x WHERE x.project_id = c.project_id) THEN 'planned'
		ELSE 'pending' END AS list,
	CASE WHEN length(t.title) > 80 THEN substr(t.title, 1, 79) || '…' ELSE t.title END AS item,
	printf('%06d', c.position) || t.position AS k
FROM board_columns c JOIN board_tasks t ON t.column_id = c.id;
--> statement-breakpoint
-- How far a board is: its tasks, those in its last column (Done) and those in its first (planned,
-- unless it is the only column), each one indexed count.
CREATE VIEW `board_progress` AS
SELECT e.project_id, e.done, e.planned, e.total,
	CASE WHEN e.total = 0 THEN 0 ELSE CAST(round(100.0 * e.done / e.total) AS INTEGER) END AS progress
FROM (SELECT b.project_id,
	(SELECT count(*) FROM board_tasks t WHERE t.column_id = (SELECT x.id FROM board_columns x
		WHERE x.project_id = b.project_id ORDER BY x.position DESC LIMIT 1)) AS done,
	(SELECT count(*) FROM board_tasks t WHERE t.column_id = (SELECT x.id FROM board_columns x
		WHERE x.project_id = b.project_id ORDER BY x.position LIMIT 1)
		AND (SELECT count(*) FROM board_columns x WHERE x.project_id = b.project_id) > 1) AS planned,
	(SELECT count(*) FROM board_tasks t WHERE t.project_id = b.project_id) AS total
	FROM boards b) e;
--> statement-breakpoint
-- A board's figures as its project holds them: progress counts every task; each list holds its first
-- 50 titles (MAX_LIST_ITEMS), each once, so the lists keep the rules of the project's form and the
-- owner can save it again once the figures stop following.
CREATE VIEW `board_figures` AS
SELECT b.project_id,
	(SELECT p.progress FROM board_progress p WHERE p.project_id = b.project_id) AS progress,
	(SELECT json_group_array(item ORDER BY k) FROM (SELECT f.item, min(f.k) AS k FROM board_features f
		WHERE f.project_id = b.project_id AND f.list = 'planned' GROUP BY f.item ORDER BY k LIMIT 50)) AS planned_features,
	(SELECT json_group_array(item ORDER BY k) FROM (SELECT f.item, min(f.k) AS k FROM board_features f
		WHERE f.project_id = b.project_id AND f.list = 'pending' GROUP BY f.item ORDER BY k LIMIT 50)) AS pending_features,
	(SELECT json_group_array(item ORDER BY k) FROM (SELECT f.item, min(f.k) AS k FROM board_features f
		WHERE f.project_id = b.project_id AND f.list = 'completed' GROUP BY f.item ORDER BY k LIMIT 50)) AS completed_features
FROM boards b;
--> statement-breakpoint
-- What changes the figures: a task made, deleted, retitled or moved to another column (a move within
-- its column, the board's most frequent write, changes nothing here and costs nothing), a column
-- added, removed or reordered, and following being turned on. Each asks first whether the project
-- follows its board, one primary-key read, so a board that does not pays nothing more.
CREATE TRIGGER `board_figures_after_task_insert` AFTER INSERT ON `board_tasks`
WHEN (SELECT progress_follows_board FROM boards WHERE project_id = new.project_id) BEGIN
	UPDATE projects SET (progress, planned_features, pending_features, completed_features) =
		(SELECT progress, planned_features, pending_features, completed_features FROM board_figures WHERE project_id = new.project_id)
	WHERE id = new.project_id;
END;
--> statement-breakpoint
CREATE TRIGGER `board_figures_after_task_delete` AFTER DELETE ON `board_tasks`
WHEN (SELECT progress_follows_board FROM boards WHERE project_id = old.project_id) BEGIN
	UPDATE projects SET (progress, planned_features, pending_features, completed_features) =
		(SELECT progress, planned_features, pending_features, completed_features FROM board_figures WHERE project_id = old.project_id)
	WHERE id = old.project_id;
END;
--> statement-breakpoint
CREATE TRIGGER `board_figures_after_task_change` AFTER UPDATE OF column_id, title ON `board_tasks`
WHEN (old.column_id IS NOT new.column_id OR old.title IS NOT new.title)
	AND (SELECT progress_follows_board FROM boards WHERE project_id = new.project_id) BEGIN
	UPDATE projects SET (progress, planned_features, pending_features, completed_features) =
		(SELECT progress, planned_features, pending_features, completed_features FROM board_figures WHERE project_id = new.project_id)
	WHERE id = new.project_id;
END;
--> statement-breakpoint
CREATE TRIGGER `board_figures_after_column_insert` AFTER INSERT ON `board_columns`
WHEN (SELECT progress_follows_board FROM boards WHERE project_id = new.project_id) BEGIN
	UPDATE projects SET (progress, planned_features, pending_features, completed_features) =
		(SELECT progress, planned_features, pending_features, completed_features FROM board_figures WHERE project_id = new.project_id)
	WHERE id = new.project_id;
END;
--> statement-breakpoint
CREATE TRIGGER `board_figures_after_column_delete` AFTER DELETE ON `board_columns`
WHEN (SELECT progress_follows_board FROM boards WHERE project_id = old.project_id) BEGIN
	UPDATE projects SET (progress, planned_features, pending_features, completed_features) =
		(SELECT progress, planned_features, pending_features, completed_features FROM board_figures WHERE project_id = old.project_id)
	WHERE id = old.project_id;
END;
--> statement-breakpoint
-- A reorder rewrites every column's position in one statement, so this runs once per column moved;
-- the last run sees the whole new order. Reordering is the owner's rare act, at most 10 columns.
CREATE TRIGGER `board_figures_after_column_move` AFTER UPDATE OF position ON `board_columns`
WHEN old.position IS NOT new.position
	AND (SELECT progress_follows_board FROM boards WHERE project_id = new.project_id) BEGIN
	UPDATE projects SET (progress, planned_features, pending_features, completed_features) =
		(SELECT progress, planned_features, pending_features, completed_features FROM board_figures WHERE project_id = new.project_id)
	WHERE id = new.project_id;
END;
--> statement-breakpoint
CREATE TRIGGER `board_figures_after_following` AFTER UPDATE OF progress_follows_board ON `boards`
WHEN new.progress_follows_board AND NOT old.progress_follows_board BEGIN
	UPDATE projects SET (progress, planned_features, pending_features, completed_features) =
		(SELECT progress, planned_features, pending_features, completed_features FROM board_figures WHERE project_id = new.project_id)
	WHERE id = new.project_id;
END;
