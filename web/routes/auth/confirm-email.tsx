import { createFileRoute, Link } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { INVALID_EMAIL_CHANGE_LINK } from "@core/auth-messages";
import { Button } from "@web/components/ui/button";
import { pageHead } from "@web/lib/head";
import { useMe } from "@web/lib/session";
import { text } from "@web/lib/search";
import { errorMessage, trpc } from "@web/lib/trpc";
import { LinkFailed, LinkOutcomeCard } from "@web/components/link-outcome";

export const Route = createFileRoute("/auth/confirm-email")({
  validateSearch: (search): { token?: string } => ({ token: text(search.token, 200) }),
  head: pageHead("Confirm your new e-mail address"),
  component: ConfirmEmailPage,
});

type State = { status: "loading" } | { status: "success"; email: string } | { status: "error"; message: string };

/** Opened from the e-mail sent to the new address: confirming it is what moves the account there. */
function ConfirmEmailPage() {
  const { token } = Route.useSearch();
  const utils = trpc.useUtils();
  const me = useMe();
  const confirm = trpc.credentials.confirmEmailChange.useMutation();
  const [state, setState] = useState<State>(() =>
    token ? { status: "loading" } : { status: "error", message: INVALID_EMAIL_CHANGE_LINK },
  );
  const started = useRef(false);

  useEffect(() => {
    // Links are single use: React's development double effect must not spend one twice.
    if (started.current || !token) return;
    started.current = true;
    confirm.mutateAsync({ token }).then(
      async ({ email }) => {
        setState({ status: "success", email });
        // This browser may be signed in as the account that just moved.
        await Promise.all([utils.auth.me.invalidate(), utils.credentials.overview.invalidate()]);
      },
      (error: unknown) => setState({ status: "error", message: errorMessage(error, INVALID_EMAIL_CHANGE_LINK) }),
    );
  }, [token, confirm, utils]);

  const next = me
    ? { to: "/settings" as const, label: "Back to Settings" }
    : { to: "/auth" as const, label: "Sign In" };
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      {state.status === "loading" && <LinkOutcomeCard status="loading" title="Confirming your new address..." />}
      {state.status === "success" && (
        <LinkOutcomeCard status="success" title="E-mail address changed">
          <p className="text-sm text-muted-foreground">
            Your account now uses <span className="font-medium text-foreground">{state.email}</span>. Sign in with it
            from now on.
          </p>
          <Button asChild>
            <Link to={next.to}>{next.label}</Link>
          </Button>
        </LinkOutcomeCard>
      )}
      {state.status === "error" && (
        <LinkOutcomeCard status="error" title="This link does not work">
          <LinkFailed message={state.message} retry={<Link to={next.to}>{next.label}</Link>} />
        </LinkOutcomeCard>
      )}
    </main>
  );
}
