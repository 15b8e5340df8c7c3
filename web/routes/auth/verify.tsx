import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import {
  INVALID_VERIFICATION_LINK,
  UNEXPECTED_VERIFICATION_ERROR,
  verificationErrorMessage,
} from "@core/auth-messages";
import { BrandHeader } from "@web/components/brand";
import { Button } from "@web/components/ui/button";
import { pageHead } from "@web/lib/head";
import { text } from "@web/lib/search";
import { errorMessage, trpc } from "@web/lib/trpc";
import { LinkFailed, LinkOutcomeCard } from "@web/components/link-outcome";

const REDIRECT_AFTER_MS = 2000;

export const Route = createFileRoute("/auth/verify")({
  // error_description is free text chosen by whoever wrote the link: it is never shown.
  validateSearch: (search): { token?: string; error?: string } => ({
    token: text(search.token),
    error: text(search.error) ?? (search.error_description === undefined ? undefined : ""),
  }),
  head: pageHead("Verify your email"),
  component: VerifyPage,
});

type State =
  | { status: "loading" }
  /** Verifying never signs anyone in: a signed-out visitor is offered sign-in instead of the dashboard. */
  | { status: "success"; signedIn: boolean }
  | { status: "error"; message: string };

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
    const signedIn = async () => (await utils.auth.me.fetch()) !== null;
    void (async (): Promise<State> => {
      if (search.error !== undefined) return { status: "error", message: verificationErrorMessage(search.error) };
      if (search.token) {
        try {
          await verify.mutateAsync({ token: search.token });
        } catch (error) {
          return { status: "error", message: errorMessage(error, INVALID_VERIFICATION_LINK) };
        }
        // The member's own address may be the one just verified.
        await utils.auth.me.invalidate();
        return { status: "success", signedIn: await signedIn() };
      }
      return (await signedIn())
        ? { status: "success", signedIn: true }
        : { status: "error", message: INVALID_VERIFICATION_LINK };
    })()
      .catch((): State => ({ status: "error", message: UNEXPECTED_VERIFICATION_ERROR }))
      .then(setState);
  }, [search, utils, verify]);

  const toDashboard = state.status === "success" && state.signedIn;
  useEffect(() => {
    if (!toDashboard) return;
    const timer = setTimeout(() => void navigate({ to: "/dashboard" }), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [toDashboard, navigate]);

  return (
    <div className="flex min-h-screen flex-col">
      <BrandHeader />
      <main className="flex flex-1 items-center justify-center p-4 pb-20">
        {state.status === "loading" && <LinkOutcomeCard status="loading" title="Verifying your email..." />}
        {state.status === "success" && (
          <LinkOutcomeCard status="success" title="Email verified successfully!">
            {state.signedIn ? (
              <>
                <p className="text-sm text-muted-foreground">Taking you to your dashboard...</p>
                <Button asChild>
                  <Link to="/dashboard">Go to Dashboard</Link>
                </Button>
              </>
            ) : (
              <>
                <p className="text-sm text-muted-foreground">
                  Sign in to continue. If your password no longer works, choose a new one with 'Forgot password?'.
                </p>
                <Button asChild>
                  <Link to="/auth">Sign In</Link>
                </Button>
              </>
            )}
          </LinkOutcomeCard>
        )}
        {state.status === "error" && (
          <LinkOutcomeCard status="error" title="Verification failed">
            <LinkFailed message={state.message} retry={<Link to="/auth">Try Again</Link>} />
          </LinkOutcomeCard>
        )}
      </main>
    </div>
  );
}
