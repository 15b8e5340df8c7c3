import { useNavigate } from "@tanstack/react-router";
import { UsersRound } from "lucide-react";
import { useState, type FormEvent } from "react";
import {
  GROUP_CREATE_FAILED,
  GROUP_CREATED,
  GROUP_NAME_REQUIRED,
  MAX_GROUP_DESCRIPTION_LENGTH,
  MAX_GROUP_NAME_LENGTH,
} from "@core/chat-rules";
import { notify } from "@web/lib/toast";
import { errorMessage, trpc } from "@web/lib/trpc";
import { Avatar } from "../avatar";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Checkbox } from "../ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../ui/dialog";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { Textarea } from "../ui/textarea";

export interface GroupCandidate {
  id: string;
  name: string;
  avatarUrl: string | null;
}

/** Name (required), description, and members chosen from the member's friends; opens the new group. */
export function CreateGroupDialog({ friends }: { friends: GroupCandidate[] }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.chats.createGroup.useMutation({
    onSuccess: ({ chatId }) => {
      notify.success(GROUP_CREATED, `${name.trim()} is ready.`);
      void utils.chats.list.invalidate();
      void utils.chats.summary.invalidate();
      setOpen(false);
      void navigate({ to: "/chat/$chatId", params: { chatId } });
    },
    onError: (e) => {
      setError(e.data?.code === "BAD_REQUEST" ? errorMessage(e) : GROUP_CREATE_FAILED);
      notify.error("Group Error", GROUP_CREATE_FAILED);
    },
  });

  const reset = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setName("");
      setDescription("");
      setChosen(new Set());
      setError(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(GROUP_NAME_REQUIRED);
      return;
    }
    setError(null);
    create.mutate({ name, description: description.trim() || undefined, memberIds: [...chosen] });
  };

  const toggle = (id: string, on: boolean) =>
    setChosen((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <UsersRound aria-hidden />
          Create Group
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Create Group</DialogTitle>
            <DialogDescription>Start a group chat with your friends.</DialogDescription>
          </DialogHeader>
          {error && <Alert>{error}</Alert>}
          <div className="grid gap-2">
            <Label htmlFor="group-name">Group name</Label>
            <Input
              id="group-name"
              value={name}
              maxLength={MAX_GROUP_NAME_LENGTH}
              onChange={(e) => setName(e.target.value)}
              autoFocus
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="group-description">Description (optional)</Label>
            <Textarea
              id="group-description"
              rows={2}
              value={description}
              maxLength={MAX_GROUP_DESCRIPTION_LENGTH}
              onChange={(e) => setDescription(e.target.value)}
            />
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Members</legend>
            {friends.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                Add friends first; you can start the group on your own meanwhile.
              </p>
            ) : (
              <ul className="grid max-h-56 gap-2 overflow-y-auto">
                {friends.map((friend) => (
                  <li key={friend.id}>
                    <label className="flex cursor-pointer items-center gap-3 rounded-md p-1.5 hover:bg-accent">
                      <Checkbox
                        checked={chosen.has(friend.id)}
                        onCheckedChange={(on) => toggle(friend.id, on === true)}
                      />
                      <Avatar name={friend.name} url={friend.avatarUrl} className="size-8" />
                      <span className="truncate text-sm">{friend.name}</span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => reset(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? "Creating..." : "Create Group"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
