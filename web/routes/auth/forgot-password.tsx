import { createFileRoute, Link } from "@tanstack/react-router";
import { MailCheck } from "lucide-react";
import { Alert } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { formFields } from "@web/lib/form";
import { pageHead } from "@web/lib/head";
import { errorMessage, trpc } from "@web/lib/trpc";
import { AuthCard } from "./-components/auth-card";
import { EmailField } from "@web/components/email-field";

export const Route = createFileRoute("/auth/forgot-password")({
  head: pageHead("Forgot password", "Get a link to choose a new Crewboard password."),
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  const request = trpc.auth.requestPasswordReset.useMutation();
  return (
    <AuthCard
      title="Forgot password?"
      description="Enter the address you sign in with, and we will e-mail you a link to choose a new password."
      back={{ to: "/auth", label: "Back to Sign In" }}
    >
      {request.data ? (
        <div className="grid gap-4 text-center">
          <MailCheck className="mx-auto size-10 text-primary" aria-hidden />
          <p role="status" className="font-medium">
            {request.data.message}
          </p>
          <p className="text-sm text-muted-foreground">The link works once, for 1 hour. Check your spam folder too.</p>
          <Button variant="outline" onClick={() => request.reset()}>
            Send another link
          </Button>
        </div>
      ) : (
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            request.mutate({ email: formFields(event.currentTarget).email ?? "" });
          }}
        >
          {request.error && <Alert>{errorMessage(request.error)}</Alert>}
          <EmailField id="forgot-email" />
          <Button type="submit" disabled={request.isPending} className="w-full">
            {request.isPending ? "Sending..." : "Send Reset Link"}
          </Button>
          <p className="text-center text-sm text-muted-foreground">
            Remembered it?{" "}
            <Link to="/auth" className="text-primary hover:underline">
              Sign in
            </Link>
          </p>
        </form>
      )}
    </AuthCard>
  );
}
