import { UserPlus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { EMAIL_REQUIRED } from "@core/friend-rules";
import { notify } from "@web/lib/toast";
import { isClientError, trpc } from "@web/lib/trpc";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
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
import { nameOf } from "./people";
import { useRefreshFriends } from "./use-friend-actions";

const SEND_FAILED = "Failed to send friend request. Please try again.";

/** 'Add Friend': a request by e-mail address. The server's refusals show in the dialog as they are. */
export function AddFriendDialog() {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const refresh = useRefreshFriends();
  const add = trpc.friends.request.useMutation({
    onSuccess: ({ member }) => {
      notify.success("Friend Request Sent!", `Friend request sent to ${nameOf(member)}`);
      setOpen(false);
      return refresh();
    },
    // A refusal is one of the spec's sentences; anything else (offline, a server fault) is not.
    onError: (failure) => setError(isClientError(failure) ? failure.message : SEND_FAILED),
  });

  const changeOpen = (next: boolean) => {
    if (add.isPending) return;
    setOpen(next);
    if (next) {
      setEmail("");
      setError(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setError(EMAIL_REQUIRED);
    setError(null);
    add.mutate({ email });
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden />
          Add Friend
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Add Friend</DialogTitle>
            <DialogDescription>Send a friend request to a member by their email address.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="friend-email">Email</Label>
            <Input
              id="friend-email"
              type="email"
              autoComplete="off"
              placeholder="friend@example.com"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={error !== null}
              aria-describedby={error ? "friend-email-error" : undefined}
              disabled={add.isPending}
              autoFocus
            />
          </div>
          {error && <Alert id="friend-email-error">{error}</Alert>}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => changeOpen(false)} disabled={add.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? "Sending..." : "Send Request"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
