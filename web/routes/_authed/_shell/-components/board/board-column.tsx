import { useDroppable } from "@dnd-kit/core";
import { SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import type { ReactNode } from "react";
import type { Column, Task } from "./board-order";
import { AddTaskForm } from "./add-task-form";
import { SortableTaskCard, type BoardLookups } from "./task-card";

/** One column: its name and count, its tasks in order (a place to drop onto even when empty), and 'Add task'. */
export function BoardColumn({
  projectId,
  column,
  tasks,
  lookups,
  menu,
  onOpen,
}: {
  projectId: string;
  column: Column;
  tasks: Task[];
  lookups: BoardLookups;
  /** The owner's column actions. */
  menu: ReactNode;
  onOpen: (number: number) => void;
}) {
  const { setNodeRef } = useDroppable({ id: column.id });
  const headingId = `column-${column.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className="flex w-[17rem] shrink-0 snap-start flex-col gap-3 rounded-xl border bg-muted/50 p-3 sm:w-72"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="min-w-0 truncate font-semibold">
          {column.name} <span className="font-normal text-muted-foreground">{tasks.length}</span>
        </h2>
        {menu}
      </div>
      <SortableContext id={column.id} items={tasks.map((t) => t.id)} strategy={verticalListSortingStrategy}>
        <ol ref={setNodeRef} aria-label={`${column.name} tasks`} className="grid min-h-16 content-start gap-2">
          {tasks.map((task) => (
            <SortableTaskCard key={task.id} task={task} lookups={lookups} onOpen={onOpen} />
          ))}
        </ol>
      </SortableContext>
      <AddTaskForm projectId={projectId} column={column} />
    </section>
  );
}
