import { createFileRoute, redirect, useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { OAUTH_ERRORS, oauthErrorMessage } from "@core/auth-messages";
import { Button } from "@web/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { pageHead } from "@web/lib/head";
import { flag, returnPath, text } from "@web/lib/search";
import { notify } from "@web/lib/toast";
import { trpc } from "@web/lib/trpc";
import { AuthCard } from "./-components/auth-card";
import { SignInForm, SignUpForm } from "./-components/auth-forms";

const GOOGLE_FAILED_TITLE = "Google Sign In Failed";
const STACKED = "[grid-area:1/1] data-[state=inactive]:invisible";

export const Route = createFileRoute("/auth/")({
  validateSearch: (search): { reset?: boolean; tab?: "signup"; oauth_error?: string; redirect?: string } => ({
    reset: flag(search.reset),
    // The address carries the tab, so 'Get Started' can open Sign Up; Sign In is the default.
    tab: search.tab === "signup" ? "signup" : undefined,
    oauth_error: text(search.oauth_error, 100),
    redirect: returnPath(search.redirect),
  }),
  beforeLoad: async ({ context, search }) => {
    if (await context.trpc.auth.me.ensureData()) {
      throw redirect({ href: search.redirect ?? "/dashboard", replace: true });
    }
  },
  head: pageHead("Sign in", "Sign in to Crewboard or create a free account."),
  component: AuthPage,
});

function GoogleButton() {
  const providers = trpc.auth.providers.useQuery();
  return (
    <Button
      variant="outline"
      className="w-full"
      disabled={!providers.data}
      onClick={() => {
        if (providers.data?.google) window.location.assign("/api/auth/google");
        else notify.error(GOOGLE_FAILED_TITLE, OAUTH_ERRORS.google_not_configured);
      }}
    >
      <svg viewBox="0 0 24 24" aria-hidden className="size-4">
        <path
          fill="#4285F4"
          d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z"
        />
        <path
          fill="#34A853"
          d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
        />
        <path
          fill="#FBBC05"
          d="M5.84 14.09A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.43.34-2.09V7.07H2.18A11 11 0 0 0 1 12c0 1.78.43 3.45 1.18 4.93l3.66-2.84z"
        />
        <path
          fill="#EA4335"
          d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1 7.7 1 3.99 3.47 2.18 7.07l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z"
        />
      </svg>
      Continue with Google
    </Button>
  );
}

function AuthPage() {
  const { oauth_error, redirect: next, tab } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  useEffect(() => {
    // The link names a code; the words are the spec's own, whatever the link says.
    if (oauth_error !== undefined) notify.error(GOOGLE_FAILED_TITLE, oauthErrorMessage(oauth_error));
  }, [oauth_error]);

  return (
    <AuthCard title="Welcome to Crewboard" description="Sign in or create an account to start collaborating.">
      <GoogleButton />
      <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground">
        <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
      </div>
      <Tabs
        value={tab ?? "signin"}
        onValueChange={(value) =>
          void navigate({
            search: (prev) => ({ ...prev, tab: value === "signup" ? "signup" : undefined }),
            replace: true,
          })
        }
      >
        <TabsList>
          <TabsTrigger value="signin">Sign In</TabsTrigger>
          <TabsTrigger value="signup">Sign Up</TabsTrigger>
        </TabsList>
        {/* Both forms share one cell, the hidden one kept invisible: the card is as tall as the
            taller form either way, so switching tabs never moves what is below or around it. */}
        <div className="grid">
          <TabsContent value="signin" forceMount className={STACKED}>
            <SignInForm next={next} />
          </TabsContent>
          <TabsContent value="signup" forceMount className={STACKED}>
            <SignUpForm next={next} />
          </TabsContent>
        </div>
      </Tabs>
    </AuthCard>
  );
}
