import { PROJECT_STATUS_LABELS, type ProjectStatus } from "@core/enums";
import { cn } from "@web/lib/cn";

/**
 * Spec §4 colours: open green, in progress blue, completed purple, on hold yellow. Solid and the
 * same in both themes: the badge sits on card photos too, and only an opaque background keeps its
 * text at WCAG AA (4.5:1) whatever the photo behind it.
 */
const COLOURS: Record<ProjectStatus, string> = {
  open: "bg-green-700 text-white",
  in_progress: "bg-blue-700 text-white",
  completed: "bg-purple-700 text-white",
  on_hold: "bg-yellow-300 text-yellow-950",
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
