import { useState, type FormEvent } from "react";
import { MAX_TASK_DESCRIPTION_LENGTH, MAX_TASK_LABELS, MAX_TASK_TITLE_LENGTH, mayDeleteTask } from "@core/board-rules";
import { ConfirmDialog } from "@web/components/confirm-dialog";
import { Button } from "@web/components/ui/button";
import { Alert } from "@web/components/ui/alert";
import { Checkbox } from "@web/components/ui/checkbox";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";
import { Textarea } from "@web/components/ui/textarea";
import { useMember } from "@web/lib/session";
import { notify } from "@web/lib/toast";
import { errorMessage, isApiError, trpc } from "@web/lib/trpc";
import { MessageText } from "../../../chat/-components/message-text";
import type { BoardData, Task } from "./board-order";
import { LabelChip } from "./label-chip";
import { TaskHistory } from "./task-history";
import { useBoardCache } from "./use-board-cache";

const NO_ONE = "none";

/** `?task=12`: the task numbered 12, or a line saying there is none (deleted, or a number never used). */
export function TaskDialog({ board, number, onClose }: { board: BoardData; number: number; onClose: () => void }) {
  const task = board.tasks.find((t) => t.number === number);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl" aria-describedby={undefined}>
        <DialogHeader>
          <DialogTitle>Task #{number}</DialogTitle>
        </DialogHeader>
        {task ? (
          <TaskForm key={task.id} board={board} task={task} onDone={onClose} />
        ) : (
          <p className="text-muted-foreground">This task does not exist or has been deleted.</p>
        )}
      </DialogContent>
    </Dialog>
  );
}

interface Draft {
  title: string;
  description: string;
  assigneeId: string | null;
  labelIds: string[];
  dueDate: string;
}

const draftOf = (task: Task): Draft => ({
  title: task.title,
  description: task.description,
  assigneeId: task.assigneeId,
  labelIds: task.labelIds,
  dueDate: task.dueDate ?? "",
});

/**
 * The task's fields, edited from the version the member opened. Saved over someone else's newer
 * change, the server refuses and names them: the member's text stays, and saving again (over the
 * version now shown) keeps theirs.
 */
function TaskForm({ board, task, onDone }: { board: BoardData; task: Task; onDone: () => void }) {
  const projectId = board.project.id;
  const [draft, setDraft] = useState(() => draftOf(task));
  const [baseVersion, setBaseVersion] = useState(task.version);
  const [conflict, setConflict] = useState<string | null>(null);
  const { receive, update, refetch } = useBoardCache(projectId);
  const [deleting, setDeleting] = useState(false);
  const me = useMember();
  const mayDelete = mayDeleteTask(me.id, task.createdBy, board.project.ownerId);
  const remove = trpc.board.deleteTask.useMutation({
    onSuccess: () => {
      update((data) => ({ ...data, tasks: data.tasks.filter((t) => t.id !== task.id) }));
      onDone();
    },
    onError: (error) => {
      setDeleting(false);
      notify.error("Could not delete the task", errorMessage(error));
    },
  });
  const save = trpc.board.updateTask.useMutation({
    onSuccess: (saved) => {
      receive(saved);
      onDone();
    },
    onError: (error) => {
      if (isApiError(error) && error.data?.code === "CONFLICT") {
        setConflict(error.message);
        refetch();
      } else notify.error("Could not save the task", errorMessage(error));
    },
  });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const toggleLabel = (id: string, on: boolean) =>
    set("labelIds", on ? [...draft.labelIds, id] : draft.labelIds.filter((l) => l !== id));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // After a conflict the member has seen who changed it: saving again goes over the newest version.
    const version = conflict ? task.version : baseVersion;
    setBaseVersion(version);
    setConflict(null);
    save.mutate({
      projectId,
      taskId: task.id,
      version,
      title: draft.title.trim(),
      description: draft.description,
      assigneeId: draft.assigneeId,
      labelIds: draft.labelIds,
      dueDate: draft.dueDate || null,
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-4">
      {conflict && <Alert>{conflict}. Your text is kept below: save again to replace their change with it.</Alert>}
      <div className="grid gap-2">
        <Label htmlFor="task-title">Title</Label>
        <Input
          id="task-title"
          value={draft.title}
          maxLength={MAX_TASK_TITLE_LENGTH}
          required
          onChange={(e) => set("title", e.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="task-description">Description</Label>
        <Textarea
          id="task-description"
          rows={4}
          maxLength={MAX_TASK_DESCRIPTION_LENGTH}
          value={draft.description}
          onChange={(e) => set("description", e.target.value)}
          placeholder="Markdown, as in chat messages"
        />
        {draft.description.trim() && (
          <div className="max-h-60 overflow-y-auto rounded-md border bg-muted/30 p-3 text-sm break-words whitespace-pre-wrap">
            <MessageText text={draft.description} />
          </div>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="task-assignee">Assignee</Label>
          <Select value={draft.assigneeId ?? NO_ONE} onValueChange={(v) => set("assigneeId", v === NO_ONE ? null : v)}>
            <SelectTrigger id="task-assignee">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={NO_ONE}>No one</SelectItem>
              {board.team.map((member) => (
                <SelectItem key={member.id} value={member.id}>
                  {member.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="task-due">Due date</Label>
          <Input id="task-due" type="date" value={draft.dueDate} onChange={(e) => set("dueDate", e.target.value)} />
        </div>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">
          Labels <span className="font-normal text-muted-foreground">(up to {MAX_TASK_LABELS})</span>
        </legend>
        {board.labels.length === 0 ? (
          <p className="text-sm text-muted-foreground">This board has no labels yet.</p>
        ) : (
          <div className="flex flex-wrap gap-3">
            {board.labels.map((label) => {
              const on = draft.labelIds.includes(label.id);
              return (
                <div key={label.id} className="flex items-center gap-2">
                  <Checkbox
                    id={`task-label-${label.id}`}
                    checked={on}
                    disabled={!on && draft.labelIds.length >= MAX_TASK_LABELS}
                    onCheckedChange={(checked) => toggleLabel(label.id, checked === true)}
                  />
                  <Label htmlFor={`task-label-${label.id}`} className="cursor-pointer">
                    <LabelChip label={label} />
                  </Label>
                </div>
              );
            })}
          </div>
        )}
      </fieldset>
      <DialogFooter>
        {mayDelete && (
          <ConfirmDialog
            open={deleting}
            onOpenChange={setDeleting}
            busy={remove.isPending}
            title="Delete task"
            action="Delete"
            busyAction="Deleting..."
            onConfirm={() => remove.mutate({ projectId, taskId: task.id })}
            trigger={
              <Button type="button" variant="outline">
                Delete task
              </Button>
            }
          >
            Delete #{task.number} "{task.title}"? Its history goes with it.
          </ConfirmDialog>
        )}
        <Button type="submit" disabled={!draft.title.trim() || save.isPending}>
          {save.isPending ? "Saving..." : conflict ? "Save again" : "Save"}
        </Button>
      </DialogFooter>
      <TaskHistory projectId={projectId} task={task} />
    </form>
  );
}
