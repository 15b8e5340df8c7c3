import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { CalendarDays } from "lucide-react";
import { memo, type KeyboardEvent } from "react";
import { Avatar } from "@web/components/avatar";
import { cn } from "@web/lib/cn";
import type { BoardData, Task } from "./board-order";
import { LabelChip } from "./label-chip";

/** The people and labels a card names, by id. */
export interface BoardLookups {
  member: (id: string) => BoardData["team"][number] | undefined;
  label: (id: string) => BoardData["labels"][number] | undefined;
}

/**
 * A task on the board: picked up by pointer, finger or Space; clicked or Enter opens it. Memoised:
 * a board of a thousand tasks re-renders, for a teammate's change, only the cards it touches.
 */
export const SortableTaskCard = memo(function SortableTaskCard({
  task,
  lookups,
  onOpen,
}: {
  task: Task;
  lookups: BoardLookups;
  onOpen: (number: number) => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: task.id });
  const onKeyDown = (event: KeyboardEvent) => {
    listeners?.onKeyDown?.(event);
    if (event.key === "Enter" && !event.defaultPrevented) onOpen(task.number);
  };
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn("list-none", isDragging && "opacity-40")}
    >
      <div
        {...attributes}
        {...listeners}
        role="button"
        tabIndex={0}
        aria-roledescription="task"
        onKeyDown={onKeyDown}
        onClick={() => onOpen(task.number)}
        className="touch-manipulation cursor-grab rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <TaskCardFace task={task} lookups={lookups} />
      </div>
    </li>
  );
});

/** What a card shows: its number and title, labels, due date and assignee. */
export function TaskCardFace({
  task,
  lookups,
  lifted = false,
}: {
  task: Task;
  lookups: BoardLookups;
  lifted?: boolean;
}) {
  const assignee = task.assigneeId ? lookups.member(task.assigneeId) : undefined;
  const labels = task.labelIds.map(lookups.label).filter((label) => label !== undefined);
  return (
    <div className={cn("grid gap-2 rounded-lg border bg-card p-3 text-left text-sm shadow-xs", lifted && "shadow-lg")}>
      <p className="break-words font-medium">
        <span className="text-muted-foreground">#{task.number}</span> {task.title}
      </p>
      {labels.length > 0 && (
        <div className="flex flex-wrap gap-1">
          {labels.map((label) => (
            <LabelChip key={label.id} label={label} />
          ))}
        </div>
      )}
      {(task.dueDate || assignee) && (
        <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
          {task.dueDate ? (
            <span className="inline-flex items-center gap-1">
              <CalendarDays className="size-3.5" aria-hidden />
              <span className="sr-only">Due</span>
              {task.dueDate}
            </span>
          ) : (
            <span />
          )}
          {assignee && (
            <span className="inline-flex items-center gap-1">
              <span className="sr-only">Assigned to {assignee.name}</span>
              <Avatar name={assignee.name} url={assignee.avatarUrl} className="size-6" initialClassName="text-xs" />
            </span>
          )}
        </div>
      )}
    </div>
  );
}
