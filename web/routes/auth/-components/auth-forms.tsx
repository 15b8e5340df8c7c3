import { fieldError, newPasswordField } from "@core/fields";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { MAX_DISPLAY_NAME_LENGTH, MAX_PASSWORD_LENGTH } from "@core/rules";
import { EmailField } from "@web/components/email-field";
import { PasswordInput } from "@web/components/password-input";
import { Field } from "@web/components/profile-fields";
import { Alert } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { onboardingDone } from "@web/lib/onboarding";
import { displayNameOf } from "@web/lib/session";
import { notify } from "@web/lib/toast";
import { formFields } from "@web/lib/form";
import { errorMessage, trpc } from "@web/lib/trpc";

function PasswordField({ id, autoComplete }: { id: string; autoComplete: "current-password" | "new-password" }) {
  return (
    <Field id={id} label="Password">
      <PasswordInput id={id} name="password" autoComplete={autoComplete} required maxLength={MAX_PASSWORD_LENGTH} />
    </Field>
  );
}

const formData = (event: FormEvent<HTMLFormElement>) => formFields(event.currentTarget);

/** `next`: where the member was going before being asked to sign in. */
export function SignInForm({ next }: { next?: string }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const signIn = trpc.auth.signIn.useMutation({
    onSuccess: async (me) => {
      utils.auth.me.setData(undefined, me);
      notify.success("Welcome Back!", `Signed in as ${displayNameOf(me)}.`);
      // A member who left onboarding halfway picks it up again, then goes on where they were going.
      if (!onboardingDone(me.profile)) await navigate({ to: "/onboarding", search: { redirect: next } });
      else await navigate({ href: next ?? "/dashboard" });
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
      <EmailField id="signin-email" />
      <div className="grid gap-2">
        <PasswordField id="signin-password" autoComplete="current-password" />
        <Link to="/auth/forgot-password" className="justify-self-end text-sm text-primary hover:underline">
          Forgot password?
        </Link>
      </div>
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
        const invalid = fieldError(newPasswordField, password);
        if (invalid) return setLocalError(invalid);
        setLocalError(null);
        signUp.mutate({ displayName, email, password });
      }}
    >
      {error && <Alert>{error}</Alert>}
      <Field id="signup-name" label="Display Name">
        <Input
          id="signup-name"
          name="displayName"
          autoComplete="nickname"
          required
          maxLength={MAX_DISPLAY_NAME_LENGTH}
          placeholder="Ada Lovelace"
        />
      </Field>
      <EmailField id="signup-email" />
      <PasswordField id="signup-password" autoComplete="new-password" />
      <Button type="submit" disabled={signUp.isPending} className="w-full">
        {signUp.isPending ? "Creating account..." : "Create Account"}
      </Button>
    </form>
  );
}
