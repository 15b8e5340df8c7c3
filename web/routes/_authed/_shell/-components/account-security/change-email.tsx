import type { FormEvent } from "react";
import { MAX_PASSWORD_LENGTH } from "@core/rules";
import { EmailField } from "@web/components/email-field";
import { PasswordInput } from "@web/components/password-input";
import { Field } from "@web/components/profile-fields";
import { Alert } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { formFields } from "@web/lib/form";
import { errorMessage, trpc } from "@web/lib/trpc";
import type { RouterOutputs } from "@web/lib/types";
import { Section } from "./sign-in-card";

/** A new address replaces the old one only once the link sent to it is opened. */
export function ChangeEmail({ overview }: { overview: RouterOutputs["credentials"]["overview"] }) {
  const utils = trpc.useUtils();
  const request = trpc.credentials.requestEmailChange.useMutation({
    onSuccess: () => utils.credentials.overview.invalidate(),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const { newEmail = "", currentPassword = "" } = formFields(form);
    request.mutate(
      { newEmail, currentPassword: overview.hasPassword ? currentPassword : undefined },
      { onSuccess: () => form.reset() },
    );
  };

  return (
    <Section
      title="E-mail address"
      description={
        <>
          You sign in with <span className="font-medium text-foreground">{overview.email}</span>.
        </>
      }
    >
      {overview.pendingEmail && (
        <p role="status" className="rounded-md border border-primary/30 bg-primary/5 px-3 py-2 text-sm">
          We sent a link to <span className="font-medium">{overview.pendingEmail}</span>. Open it within 1 hour to
          switch; until then you keep signing in with {overview.email}.
        </p>
      )}
      <form onSubmit={onSubmit} className="grid gap-4 sm:max-w-sm">
        {request.error && <Alert>{errorMessage(request.error)}</Alert>}
        <EmailField id="security-new-email" label="New Email" name="newEmail" />
        {overview.hasPassword && (
          <Field id="security-email-password" label="Current Password">
            <PasswordInput
              id="security-email-password"
              name="currentPassword"
              autoComplete="current-password"
              required
              maxLength={MAX_PASSWORD_LENGTH}
            />
          </Field>
        )}
        <Button type="submit" disabled={request.isPending} className="w-full sm:w-auto sm:justify-self-start">
          {request.isPending ? "Sending..." : "Send Confirmation Link"}
        </Button>
      </form>
    </Section>
  );
}
