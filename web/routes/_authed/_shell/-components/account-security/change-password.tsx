import { useState, type FormEvent } from "react";
import { fieldError, newPasswordField } from "@core/fields";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@core/rules";
import { PasswordInput } from "@web/components/password-input";
import { Field } from "@web/components/profile-fields";
import { Alert } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { notify } from "@web/lib/toast";
import { formFields } from "@web/lib/form";
import { errorMessage, trpc } from "@web/lib/trpc";
import { Section } from "./sign-in-card";

/** Change the password, or set one when Google alone signs the account in. */
export function ChangePassword({ hasPassword }: { hasPassword: boolean }) {
  const utils = trpc.useUtils();
  const [localError, setLocalError] = useState<string | null>(null);
  const change = trpc.credentials.changePassword.useMutation({
    onSuccess: async () => {
      notify.success(
        hasPassword ? "Password Changed" : "Password Set",
        "Every other device was signed out. We e-mailed you about it.",
      );
      await utils.credentials.overview.invalidate();
    },
  });
  const error = localError ?? (change.error ? errorMessage(change.error) : null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const { newPassword = "", currentPassword = "" } = formFields(form);
    const invalid = fieldError(newPasswordField, newPassword);
    if (invalid) return setLocalError(invalid);
    setLocalError(null);
    change.mutate(
      { currentPassword: hasPassword ? currentPassword : undefined, newPassword },
      { onSuccess: () => form.reset() },
    );
  };

  return (
    <Section
      title="Password"
      description={
        hasPassword
          ? "Changing it signs you out everywhere else."
          : "You sign in with Google. Set a password to sign in with your e-mail address too."
      }
    >
      <form onSubmit={onSubmit} className="grid gap-4 sm:max-w-sm">
        {error && <Alert>{error}</Alert>}
        {hasPassword && (
          <Field id="security-current-password" label="Current Password">
            <PasswordInput
              id="security-current-password"
              name="currentPassword"
              autoComplete="current-password"
              required
              maxLength={MAX_PASSWORD_LENGTH}
            />
          </Field>
        )}
        <Field id="security-new-password" label="New Password" hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}>
          <PasswordInput
            id="security-new-password"
            name="newPassword"
            autoComplete="new-password"
            required
            maxLength={MAX_PASSWORD_LENGTH}
          />
        </Field>
        <Button type="submit" disabled={change.isPending} className="w-full sm:w-auto sm:justify-self-start">
          {change.isPending ? "Saving..." : hasPassword ? "Change Password" : "Set Password"}
        </Button>
      </form>
    </Section>
  );
}
