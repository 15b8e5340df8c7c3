import { useId, useState, type FormEvent, type ReactNode } from "react";
import {
  MAX_MODERATION_REASON_LENGTH,
  MODERATION_REASON_REQUIRED,
  MODERATION_REASON_TOO_LONG,
} from "@core/safety-rules";
import { Alert } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@web/components/ui/dialog";
import { Label } from "@web/components/ui/label";
import { Textarea } from "@web/components/ui/textarea";
import { isClientError } from "@web/lib/trpc";
import { usePasswordConfirmation } from "./password-confirmation";

const FAILED = "Something went wrong. Please try again.";

/**
 * One desk action, confirmed with the reason the audit log keeps: asked every time, because who did
 * what is half a record without why. `run` carries the action out; the dialog stays open, its
 * buttons off, until it answers, and shows a refusal (another administrator acted first) as it is.
 * When the server wants the password confirmed first, a second dialog asks and the action runs again.
 */
export function ModerationDialog({
  trigger,
  title,
  description,
  confirm,
  destructive = false,
  run,
}: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirm: string;
  destructive?: boolean;
  run: (reason: string) => Promise<unknown>;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirmation = usePasswordConfirmation();

  const changeOpen = (next: boolean) => {
    if (busy) return;
    setOpen(next);
    if (next) {
      setReason("");
      setError(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const why = reason.trim();
    if (!why) return setError(MODERATION_REASON_REQUIRED);
    if (why.length > MAX_MODERATION_REASON_LENGTH) return setError(MODERATION_REASON_TOO_LONG);
    setError(null);
    setBusy(true);
    confirmation
      .guard(() => run(why))
      .then(
        () => setOpen(false),
        (failure: unknown) => setError(isClientError(failure) && failure instanceof Error ? failure.message : FAILED),
      )
      .finally(() => setBusy(false));
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-reason`}>Reason (kept in the audit log)</Label>
            <Textarea
              id={`${id}-reason`}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              disabled={busy}
              aria-invalid={error !== null}
              autoFocus
            />
          </div>
          {error && <Alert>{error}</Alert>}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => changeOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={busy}>
              {busy ? "Working..." : confirm}
            </Button>
          </DialogFooter>
        </form>
        {confirmation.dialog}
      </DialogContent>
    </Dialog>
  );
}
