import { useEffect } from "react";
import { relativeTime } from "@web/lib/relative-time";
import { trpc } from "@web/lib/trpc";
import type { Task } from "./board-order";

/** 'Who changed what, and when', newest first; read again whenever the task changes. */
export function TaskHistory({ projectId, task }: { projectId: string; task: Task }) {
  const history = trpc.board.history.useQuery({ projectId, taskId: task.id });
  const { refetch } = history;
  useEffect(() => {
    void refetch();
  }, [refetch, task.version, task.updatedAt]);

  return (
    <section aria-labelledby="task-history" className="grid gap-2 border-t pt-4">
      <h3 id="task-history" className="text-sm font-semibold">
        History
      </h3>
      {history.isPending ? (
        <p className="text-sm text-muted-foreground">Loading history...</p>
      ) : !history.data?.length ? (
        <p className="text-sm text-muted-foreground">No changes yet.</p>
      ) : (
        <ol aria-label="Task history" className="grid gap-1.5 text-sm">
          {history.data.map((entry, i) => (
            <li key={i} className="break-words">
              <span className="font-medium">{entry.name}</span> {describe(entry)}{" "}
              <time className="text-muted-foreground" dateTime={new Date(entry.at).toISOString()}>
                {relativeTime(new Date(entry.at))}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

type Entry = { field: string; from: string | null; to: string | null };

const FIELD_NAMES: Record<string, string> = {
  title: "title",
  assignee: "assignee",
  labels: "labels",
  dueDate: "due date",
};
const quoted = (value: string | null) => (value ? `"${value}"` : "none");

/** One line in plain words; a description's text is too long to repeat, so only its change is said. */
function describe({ field, from, to }: Entry) {
  if (field === "created") return "created the task";
  if (field === "description") return "changed the description";
  if (field === "column") return `moved it from ${quoted(from)} to ${quoted(to)}`;
  return `changed the ${FIELD_NAMES[field] ?? field} from ${quoted(from)} to ${quoted(to)}`;
}
