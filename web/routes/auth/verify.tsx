import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { CheckCircle2, Loader2, XCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { pageHead } from "../../lib/head";
import { text } from "../../lib/search";
import { errorMessage, trpc } from "../../lib/trpc";

const INVALID_LINK =
  "Invalid verification link. Please check your email and try again, or contact support if the problem persists.";
const REDIRECT_AFTER_MS = 2000;

export const Route = createFileRoute("/auth/verify")({
  validateSearch: (search): { token?: string; error?: string; error_description?: string } => ({
    token: text(search.token),
    error: text(search.error),
    error_description: text(search.error_description),
  }),
  head: pageHead("Verify your email"),
  component: VerifyPage,
});

type State = { status: "loading" } | { status: "success" } | { status: "error"; message: string };

function VerifyPage() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const verify = trpc.auth.verifyEmail.useMutation();
  const [state, setState] = useState<State>({ status: "loading" });
  const started = useRef(false);

  useEffect(() => {
    // Tokens are single use: React's development double effect must not spend one twice.
    if (started.current) return;
    started.current = true;
    void (async (): Promise<State> => {
      if (search.error || search.error_description) {
        return { status: "error", message: search.error_description ?? search.error ?? INVALID_LINK };
      }
      if (search.token) {
        try {
          utils.auth.me.setData(undefined, await verify.mutateAsync({ token: search.token }));
          return { status: "success" };
        } catch (error) {
          return { status: "error", message: errorMessage(error, INVALID_LINK) };
        }
      }
      return (await utils.auth.me.fetch()) ? { status: "success" } : { status: "error", message: INVALID_LINK };
    })()
      .catch(
        () =>
          ({ status: "error", message: "An unexpected error occurred. Please try again or contact support." }) as const,
      )
      .then(setState);
  }, [search, utils, verify]);

  useEffect(() => {
    if (state.status !== "success") return;
    const timer = setTimeout(() => void navigate({ to: "/dashboard" }), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [state.status, navigate]);

  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
          {state.status === "loading" && (
            <>
              <Loader2 className="size-10 animate-spin text-primary" aria-hidden />
              <h1 className="text-xl font-semibold">Verifying your email...</h1>
            </>
          )}
          {state.status === "success" && (
            <>
              <CheckCircle2 className="size-10 text-green-600" aria-hidden />
              <h1 className="text-xl font-semibold">Email verified successfully!</h1>
              <p className="text-sm text-muted-foreground">Taking you to your dashboard...</p>
              <Button asChild>
                <Link to="/dashboard">Go to Dashboard</Link>
              </Button>
            </>
          )}
          {state.status === "error" && (
            <>
              <XCircle className="size-10 text-destructive" aria-hidden />
              <h1 className="text-xl font-semibold">Verification failed</h1>
              <p className="text-sm text-muted-foreground">{state.message}</p>
              <div className="flex gap-2">
                <Button asChild>
                  <Link to="/auth">Try Again</Link>
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
