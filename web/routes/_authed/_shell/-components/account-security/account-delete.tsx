import { useNavigate } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { PasswordInput } from "@web/components/password-input";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
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
import { notify } from "@web/lib/toast";
import { errorMessage, queryClient, trpc } from "@web/lib/trpc";

const CONSEQUENCES = [
  "You are signed out everywhere, and your profile, picture and projects are removed, with their join requests.",
  "Your friendships and friend requests are removed, and you leave every chat.",
  "Messages you sent stay in the other members' chats, shown as 'Deleted member'. Groups you created stay with their members.",
  "Payments are kept for our accounts, without your name.",
];

/** Settings: deleting the account, once the member said what it means and proved it is them. */
export function AccountDelete() {
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle>Delete account</CardTitle>
        <CardDescription>Remove your account and what you made here. This cannot be undone.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Delete account
        </Button>
        {open && <DeleteDialog onClose={() => setOpen(false)} />}
      </CardContent>
    </Card>
  );
}

function DeleteDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const check = trpc.account.deletionCheck.useQuery();
  const [secret, setSecret] = useState("");
  const remove = trpc.account.delete.useMutation({
    onSuccess: async () => {
      // Leave the signed-in area first, or its guard would send the member to sign in instead.
      await navigate({ to: "/" });
      queryClient.clear();
      utils.auth.me.setData(undefined, null);
      notify.success("Account Deleted", "Your account has been deleted.");
    },
  });
  const byEmail = check.data?.confirmWith === "email";
  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate(byEmail ? { email: secret } : { password: secret });
  };

  return (
    <Dialog open onOpenChange={(next) => !next && !remove.isPending && onClose()}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>This cannot be undone. When you delete your account:</DialogDescription>
          </DialogHeader>
          <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
            {CONSEQUENCES.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {check.isPending ? (
            <p role="status" className="text-sm text-muted-foreground">
              Loading...
            </p>
          ) : (
            <div className="grid gap-2">
              <Label htmlFor="delete-confirmation">
                {byEmail ? "Type your email address to confirm" : "Enter your password to confirm"}
              </Label>
              {byEmail ? (
                <Input
                  id="delete-confirmation"
                  type="email"
                  autoComplete="off"
                  value={secret}
                  onChange={(e) => setSecret(e.target.value)}
                />
              ) : (
                <PasswordInput
                  id="delete-confirmation"
                  autoComplete="current-password"
                  value={secret}
                  onChange={(e) => setSecret(e.target.value)}
                />
              )}
            </div>
          )}
          {remove.isError && (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(remove.error)}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={remove.isPending} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={!secret || remove.isPending || check.isPending}>
              {remove.isPending ? "Deleting..." : "Delete my account"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
