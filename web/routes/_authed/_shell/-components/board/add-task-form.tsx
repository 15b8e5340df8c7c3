import { Plus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { MAX_TASK_TITLE_LENGTH } from "@core/board-rules";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { notify } from "@web/lib/toast";
import { errorMessage, trpc } from "@web/lib/trpc";
import type { Column } from "./board-order";
import { useBoardCache } from "./use-board-cache";

/** 'Add task' at the foot of a column: a title, and the task goes at the end of the column. */
export function AddTaskForm({ projectId, column }: { projectId: string; column: Column }) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState("");
  const { receive } = useBoardCache(projectId);
  const create = trpc.board.createTask.useMutation({
    onSuccess: (task) => {
      receive(task);
      setTitle("");
    },
    onError: (error) => notify.error("Could not add the task", errorMessage(error)),
  });

  if (!open) {
    return (
      <Button variant="ghost" size="sm" className="justify-start" onClick={() => setOpen(true)}>
        <Plus aria-hidden />
        Add task
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim()) create.mutate({ projectId, columnId: column.id, title: title.trim() });
  };
  return (
    <form onSubmit={submit} className="grid gap-2">
      <Input
        autoFocus
        aria-label={`New task in ${column.name}`}
        placeholder="Task title"
        value={title}
        maxLength={MAX_TASK_TITLE_LENGTH}
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") setOpen(false);
        }}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={!title.trim() || create.isPending}>
          {create.isPending ? "Adding..." : "Add"}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
