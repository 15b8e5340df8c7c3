import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { INVALID_RESET_LINK } from "@core/auth-messages";
import { fieldError, newPasswordField } from "@core/fields";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@core/rules";
import { PasswordInput } from "@web/components/password-input";
import { Field } from "@web/components/profile-fields";
import { Alert } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { formFields } from "@web/lib/form";
import { pageHead } from "@web/lib/head";
import { text } from "@web/lib/search";
import { notify } from "@web/lib/toast";
import { errorMessage, queryClient, trpc } from "@web/lib/trpc";
import { AuthCard } from "./-components/auth-card";

export const Route = createFileRoute("/auth/reset-password")({
  validateSearch: (search): { token?: string } => ({ token: text(search.token, 200) }),
  head: pageHead("Choose a new password"),
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token } = Route.useSearch();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [localError, setLocalError] = useState<string | null>(null);
  const reset = trpc.auth.resetPassword.useMutation({
    onSuccess: async (me) => {
      // Whoever this browser showed before, it now belongs to the account of the link.
      queryClient.clear();
      utils.auth.me.setData(undefined, me);
      notify.success(
        "Password Changed",
        "You are signed in with your new password. Every other device was signed out.",
      );
      await navigate({ to: "/dashboard" });
    },
  });
  const deadLink = !token || reset.error?.message === INVALID_RESET_LINK;

  if (deadLink) {
    return (
      <AuthCard
        title="This link does not work"
        description={INVALID_RESET_LINK}
        back={{ to: "/auth", label: "Back to Sign In" }}
      >
        <Button asChild>
          <Link to="/auth/forgot-password">Ask for a New Link</Link>
        </Button>
      </AuthCard>
    );
  }
  const error = localError ?? (reset.error ? errorMessage(reset.error) : null);
  return (
    <AuthCard
      title="Choose a new password"
      description="Every device signed in to your account will be signed out."
      back={{ to: "/auth", label: "Back to Sign In" }}
    >
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          const { password = "" } = formFields(event.currentTarget);
          // Sign-up's rule, checked here before anything is sent, as sign-up does.
          const invalid = fieldError(newPasswordField, password);
          if (invalid) return setLocalError(invalid);
          setLocalError(null);
          reset.mutate({ token, password });
        }}
      >
        {error && <Alert>{error}</Alert>}
        <Field id="reset-password" label="New Password" hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}>
          <PasswordInput
            id="reset-password"
            name="password"
            autoComplete="new-password"
            required
            maxLength={MAX_PASSWORD_LENGTH}
          />
        </Field>
        <Button type="submit" disabled={reset.isPending} className="w-full">
          {reset.isPending ? "Saving..." : "Set New Password"}
        </Button>
      </form>
    </AuthCard>
  );
}
