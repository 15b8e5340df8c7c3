import { Tags, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { LABEL_COLORS, MAX_BOARD_LABELS, MAX_LABEL_NAME_LENGTH, type LabelColor } from "@core/board-rules";
import { Button } from "@web/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@web/components/ui/dialog";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";
import { notify } from "@web/lib/toast";
import { errorMessage, trpc } from "@web/lib/trpc";
import type { BoardData } from "./board-order";
import { LABEL_DOTS, LabelChip } from "./label-chip";
import { useBoardCache } from "./use-board-cache";

/** The owner's set of labels for the board's tasks: made with a name and a colour, or removed. */
export function LabelsDialog({ board }: { board: BoardData }) {
  const projectId = board.project.id;
  const [name, setName] = useState("");
  const [color, setColor] = useState<LabelColor>("blue");
  const { refetch } = useBoardCache(projectId);
  const onError = (error: unknown) => notify.error("Could not change the labels", errorMessage(error));
  const create = trpc.board.createLabel.useMutation({
    onSuccess: () => {
      setName("");
      refetch();
    },
    onError,
  });
  const remove = trpc.board.deleteLabel.useMutation({ onSuccess: refetch, onError });
  const full = board.labels.length >= MAX_BOARD_LABELS;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) create.mutate({ projectId, name: name.trim(), color });
  };
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Tags aria-hidden />
          Labels
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Labels</DialogTitle>
          <DialogDescription>Up to {MAX_BOARD_LABELS} labels for this board's tasks.</DialogDescription>
        </DialogHeader>
        {board.labels.length > 0 && (
          <ul aria-label="Board labels" className="grid gap-2">
            {board.labels.map((label) => (
              <li key={label.id} className="flex items-center justify-between gap-2">
                <LabelChip label={label} />
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  aria-label={`Remove label ${label.name}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate({ projectId, labelId: label.id })}
                >
                  <Trash2 aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_9rem_auto] sm:items-end">
          <div className="grid gap-2">
            <Label htmlFor="label-name">Label name</Label>
            <Input
              id="label-name"
              value={name}
              maxLength={MAX_LABEL_NAME_LENGTH}
              disabled={full}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="label-color">Colour</Label>
            <Select value={color} onValueChange={(value) => setColor(value as LabelColor)} disabled={full}>
              <SelectTrigger id="label-color">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {LABEL_COLORS.map((c) => (
                  <SelectItem key={c} value={c}>
                    <span className="inline-flex items-center gap-2 capitalize">
                      <span className={`size-2 rounded-full ${LABEL_DOTS[c]}`} aria-hidden />
                      {c}
                    </span>
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <Button type="submit" disabled={full || !name.trim() || create.isPending}>
            {create.isPending ? "Adding..." : "Add label"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
