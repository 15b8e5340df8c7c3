import { ArrowLeft, ArrowRight, MoreHorizontal, Pencil, Plus, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { MAX_COLUMN_NAME_LENGTH, MAX_COLUMNS } from "@core/board-rules";
import { ConfirmDialog } from "@web/components/confirm-dialog";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@web/components/ui/dropdown-menu";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { notify } from "@web/lib/toast";
import { errorMessage, trpc } from "@web/lib/trpc";
import type { Column } from "./board-order";
import { useBoardCache } from "./use-board-cache";

/** The owner's changes to the columns: each answer brings the board again, as other members' pages do. */
function useColumnChange(projectId: string, done?: () => void) {
  const { refetch } = useBoardCache(projectId);
  return {
    onSuccess: () => {
      refetch();
      done?.();
    },
    onError: (error: unknown) => notify.error("Could not change the columns", errorMessage(error)),
  };
}

/** The owner's column actions: rename, move left or right, remove (refused while it holds tasks). */
export function ColumnMenu({
  projectId,
  column,
  index,
  count,
  holdsTasks,
}: {
  projectId: string;
  column: Column;
  index: number;
  count: number;
  holdsTasks: boolean;
}) {
  const [renaming, setRenaming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const moveColumn = trpc.board.moveColumn.useMutation(useColumnChange(projectId));
  const remove = trpc.board.removeColumn.useMutation(useColumnChange(projectId, () => setRemoving(false)));
  const rename = trpc.board.renameColumn.useMutation(useColumnChange(projectId, () => setRenaming(false)));
  const moveTo = (toIndex: number) => moveColumn.mutate({ projectId, columnId: column.id, toIndex });
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="size-8" aria-label={`Column ${column.name} actions`}>
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => setRenaming(true)}>
            <Pencil aria-hidden />
            Rename column
          </DropdownMenuItem>
          <DropdownMenuItem disabled={index === 0 || moveColumn.isPending} onSelect={() => moveTo(index - 1)}>
            <ArrowLeft aria-hidden />
            Move left
          </DropdownMenuItem>
          <DropdownMenuItem disabled={index === count - 1 || moveColumn.isPending} onSelect={() => moveTo(index + 1)}>
            <ArrowRight aria-hidden />
            Move right
          </DropdownMenuItem>
          <DropdownMenuItem destructive onSelect={() => setRemoving(true)}>
            <Trash2 aria-hidden />
            Remove column
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {renaming && (
        <ColumnNameDialog
          open
          onOpenChange={setRenaming}
          title="Rename column"
          action="Rename"
          initial={column.name}
          busy={rename.isPending}
          onSubmit={(name) => rename.mutate({ projectId, columnId: column.id, name })}
        />
      )}
      <ConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        busy={remove.isPending}
        title="Remove column"
        action="Remove"
        busyAction="Removing..."
        onConfirm={() => remove.mutate({ projectId, columnId: column.id })}
      >
        {holdsTasks ? "Move or delete this column's tasks first" : `Remove the column "${column.name}"?`}
      </ConfirmDialog>
    </>
  );
}

/** 'Add column' after the last column (the owner's). */
export function AddColumnButton({ projectId, count }: { projectId: string; count: number }) {
  const [open, setOpen] = useState(false);
  const add = trpc.board.addColumn.useMutation(useColumnChange(projectId, () => setOpen(false)));
  return (
    <>
      <Button
        variant="outline"
        className="w-48 shrink-0 snap-start self-start"
        disabled={count >= MAX_COLUMNS}
        onClick={() => setOpen(true)}
      >
        <Plus aria-hidden />
        Add column
      </Button>
      {open && (
        <ColumnNameDialog
          open
          onOpenChange={setOpen}
          title="Add column"
          action="Add"
          initial=""
          busy={add.isPending}
          onSubmit={(name) => add.mutate({ projectId, name })}
        />
      )}
    </>
  );
}

function ColumnNameDialog({
  open,
  onOpenChange,
  title,
  action,
  initial,
  busy,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  action: string;
  initial: string;
  busy: boolean;
  onSubmit: (name: string) => void;
}) {
  const [name, setName] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) onSubmit(name.trim());
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent aria-describedby={undefined}>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="column-name">Column name</Label>
            <Input
              id="column-name"
              value={name}
              maxLength={MAX_COLUMN_NAME_LENGTH}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <DialogFooter>
            <Button type="submit" disabled={!name.trim() || busy}>
              {busy ? "Saving..." : action}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
