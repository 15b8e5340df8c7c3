import { createFileRoute, Link } from "@tanstack/react-router";
import { CheckCircle2, Loader2, XCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { INVALID_EMAIL_CHANGE_LINK } from "../../../db/auth-messages";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { pageHead } from "../../lib/head";
import { useMe } from "../../lib/session";
import { text } from "../../lib/search";
import { errorMessage, trpc } from "../../lib/trpc";

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
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
          {state.status === "loading" && (
            <>
              <Loader2 className="size-10 animate-spin text-primary" aria-hidden />
              <h1 className="text-xl font-semibold">Confirming your new address...</h1>
            </>
          )}
          {state.status === "success" && (
            <>
              <CheckCircle2 className="size-10 text-green-600" aria-hidden />
              <h1 className="text-xl font-semibold">E-mail address changed</h1>
              <p className="text-sm text-muted-foreground">
                Your account now uses <span className="font-medium text-foreground">{state.email}</span>. Sign in with
                it from now on.
              </p>
              <Button asChild>
                <Link to={next.to}>{next.label}</Link>
              </Button>
            </>
          )}
          {state.status === "error" && (
            <>
              <XCircle className="size-10 text-destructive" aria-hidden />
              <h1 className="text-xl font-semibold">This link does not work</h1>
              <p className="text-sm text-muted-foreground">{state.message}</p>
              <div className="flex gap-2">
                <Button asChild>
                  <Link to={next.to}>{next.label}</Link>
                </Button>
                <Button variant="outline" asChild>
                  <Link to="/">Back to Home</Link>
                </Button>
              </div>
            </>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
