import { PROJECT_STATUS_LABELS, type ProjectStatus } from "../../../db/enums";
import { cn } from "../../lib/cn";

/** Spec §4 colours: open green, in progress blue, completed purple, on hold yellow. */
const COLOURS: Record<ProjectStatus, string> = {
  open: "bg-green-100 text-green-800 dark:bg-green-500/20 dark:text-green-300",
  in_progress: "bg-blue-100 text-blue-800 dark:bg-blue-500/20 dark:text-blue-300",
  completed: "bg-purple-100 text-purple-800 dark:bg-purple-500/20 dark:text-purple-300",
  on_hold: "bg-yellow-100 text-yellow-800 dark:bg-yellow-500/20 dark:text-yellow-200",
};

export function StatusBadge({ status, className }: { status: ProjectStatus; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
        COLOURS[status],
        className,
      )}
    >
      {PROJECT_STATUS_LABELS[status]}
    </span>
  );
}
