import { useNavigate } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { MAX_DISPLAY_NAME_LENGTH, MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT } from "../../../../db/rules";
import { PasswordInput } from "../../../components/password-input";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { displayNameOf } from "../../../lib/session";
import { notify } from "../../../lib/toast";
import { errorMessage, trpc } from "../../../lib/trpc";

function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

const formData = (event: FormEvent<HTMLFormElement>) =>
  Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;

/** `next`: where the member was going before being asked to sign in. */
export function SignInForm({ next }: { next?: string }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const signIn = trpc.auth.signIn.useMutation({
    onSuccess: async (me) => {
      utils.auth.me.setData(undefined, me);
      notify.success("Welcome Back!", `Signed in as ${displayNameOf(me)}.`);
      await navigate({ href: next ?? "/dashboard" });
    },
  });
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        const { email = "", password = "" } = formData(event);
        signIn.mutate({ email, password });
      }}
    >
      {signIn.error && <Alert>{errorMessage(signIn.error)}</Alert>}
      <Field id="signin-email" label="Email">
        <Input id="signin-email" name="email" type="email" autoComplete="email" required maxLength={MAX_EMAIL_LENGTH} placeholder="you@example.com" />
      </Field>
      <Field id="signin-password" label="Password">
        <PasswordInput id="signin-password" name="password" autoComplete="current-password" required maxLength={MAX_PASSWORD_LENGTH} />
      </Field>
      <Button type="submit" disabled={signIn.isPending} className="w-full">
        {signIn.isPending ? "Signing in..." : "Sign In"}
      </Button>
    </form>
  );
}

export function SignUpForm({ next }: { next?: string }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [localError, setLocalError] = useState<string | null>(null);
  const signUp = trpc.auth.signUp.useMutation({
    onSuccess: async (me) => {
      utils.auth.me.setData(undefined, me);
      notify.success("Account Created!", "Let's set up your profile");
      await navigate({ to: "/onboarding", search: { redirect: next } });
    },
  });
  const error = localError ?? (signUp.error ? errorMessage(signUp.error) : null);
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        const { displayName = "", email = "", password = "" } = formData(event);
        // The spec asks that a short password never leaves the browser.
        if (password.length < MIN_PASSWORD_LENGTH) return setLocalError(PASSWORD_TOO_SHORT);
        setLocalError(null);
        signUp.mutate({ displayName, email, password });
      }}
    >
      {error && <Alert>{error}</Alert>}
      <Field id="signup-name" label="Display Name">
        <Input id="signup-name" name="displayName" autoComplete="nickname" required maxLength={MAX_DISPLAY_NAME_LENGTH} placeholder="Ada Lovelace" />
      </Field>
      <Field id="signup-email" label="Email">
        <Input id="signup-email" name="email" type="email" autoComplete="email" required maxLength={MAX_EMAIL_LENGTH} placeholder="you@example.com" />
      </Field>
      <Field id="signup-password" label="Password">
        <PasswordInput id="signup-password" name="password" autoComplete="new-password" required maxLength={MAX_PASSWORD_LENGTH} />
      </Field>
      <Button type="submit" disabled={signUp.isPending} className="w-full">
        {signUp.isPending ? "Creating account..." : "Create Account"}
      </Button>
    </form>
  );
}
