-- Written by hand: a project whose figures follow its board lists its features in the board's order
-- (migration 0024's `k`), so a task moved within its column reorders its list too. 0024 left such a
-- move out of the trigger, and the project page kept the order of the last move between columns.
-- Still, a board that does not follow pays one primary-key read for a move, and nothing more.
DROP TRIGGER `board_figures_after_task_change`;
--> statement-breakpoint
CREATE TRIGGER `board_figures_after_task_change` AFTER UPDATE OF column_id, title, position ON `board_tasks`
WHEN (old.column_id IS NOT new.column_id OR old.title IS NOT new.title OR old.position IS NOT new.position)
	AND (SELECT progress_follows_board FROM boards WHERE project_id = new.project_id) BEGIN
	UPDATE projects SET (progress, planned_features, pending_features, completed_features) =
		(SELECT progress, planned_features, pending_features, completed_features FROM board_figures WHERE project_id = new.project_id)
	WHERE id = new.project_id;
END;
