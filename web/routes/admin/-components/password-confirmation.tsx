import { useId, useRef, useState, type FormEvent } from "react";
import { CONFIRM_PASSWORD } from "@core/auth-messages";
import { Alert } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@web/components/ui/dialog";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { errorMessage, isApiError, trpc } from "@web/lib/trpc";

/** The desk's action was refused because the session's password proof is too old (sudo mode). */
const needsConfirmation = (error: unknown) =>
  isApiError(error) && error.data?.code === "PRECONDITION_FAILED" && error.message === CONFIRM_PASSWORD;

/**
 * Sudo mode on the desk: `guard` runs an action and, when the server asks for the password first,
 * asks for it and runs the action once more. Cancelling leaves the refusal as it was. An account
 * without a password confirms through Google instead, which leaves the page and returns to the desk.
 */
export function usePasswordConfirmation() {
  const [pending, setPending] = useState<((confirmed: boolean) => void) | null>(null);

  const ask = () => new Promise<boolean>((resolve) => setPending(() => resolve));

  async function guard<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      if (!needsConfirmation(error) || !(await ask())) throw error;
    }
    return action();
  }

  const settle = (confirmed: boolean) => {
    pending?.(confirmed);
    setPending(null);
  };

  return { guard, dialog: <PasswordDialog open={pending !== null} onSettled={settle} /> };
}

function PasswordDialog({ open, onSettled }: { open: boolean; onSettled: (confirmed: boolean) => void }) {
  const id = useId();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const account = trpc.credentials.overview.useQuery(undefined, { enabled: open });
  const confirm = trpc.auth.confirmPassword.useMutation();
  const googleOnly = account.data ? !account.data.hasPassword : false;

  const close = (confirmed: boolean) => {
    setPassword("");
    setError(null);
    onSettled(confirmed);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    confirm.mutate(
      { password },
      {
        onSuccess: () => close(true),
        onError: (failure) => {
          setError(errorMessage(failure));
          input.current?.select();
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !confirm.isPending && close(false)}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Confirm it is you</DialogTitle>
            <DialogDescription>
              {googleOnly
                ? "Removing content, suspending and reinstating need you to sign in with Google again every 10 minutes."
                : "Removing content, suspending and reinstating need your password every 10 minutes."}
            </DialogDescription>
          </DialogHeader>
          {googleOnly ? (
            <Button type="button" onClick={() => window.location.assign("/api/auth/google?sudo=1")}>
              Continue with Google
            </Button>
          ) : (
            <div className="grid gap-2">
              <Label htmlFor={`${id}-password`}>Password</Label>
              <Input
                ref={input}
                id={`${id}-password`}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                disabled={confirm.isPending}
                aria-invalid={error !== null}
                autoFocus
              />
            </div>
          )}
          {error && <Alert>{error}</Alert>}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)} disabled={confirm.isPending}>
              Cancel
            </Button>
            {!googleOnly && (
              <Button type="submit" disabled={confirm.isPending || !password}>
                {confirm.isPending ? "Confirming..." : "Confirm"}
              </Button>
            )}
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
