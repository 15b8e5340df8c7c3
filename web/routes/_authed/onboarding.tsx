import { createFileRoute, redirect } from "@tanstack/react-router";
import { Brand } from "@web/components/brand";
import { OwnProfileLoaded } from "@web/components/own-profile";
import { Card, CardContent, CardDescription, CardHeader } from "@web/components/ui/card";
import { pageHead } from "@web/lib/head";
import { onboardingDone } from "@web/lib/onboarding";
import { returnPath } from "@web/lib/search";
import { useMember } from "@web/lib/session";
import { OnboardingWizard } from "./-components/onboarding-wizard";

/** The four-step profile set-up a new member sees after sign-up; outside the common layout. */
export const Route = createFileRoute("/_authed/onboarding")({
  validateSearch: (search): { redirect?: string } => ({ redirect: returnPath(search.redirect) }),
  head: pageHead("Complete your profile"),
  staticData: { toasts: "top" },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    void context.trpc.profiles.me.prefetch();
    // A member who finished has nothing to set up: their profile is changed in Settings.
    const me = await context.session;
    if (me && onboardingDone(me.profile)) throw redirect({ href: deps.redirect ?? "/settings", replace: true });
  },
  component: Onboarding,
});

function Onboarding() {
  const me = useMember();
  const { redirect: next } = Route.useSearch();
  return (
    <div className="flex min-h-screen flex-col items-center gap-6 bg-muted/40 px-4 py-8 sm:py-12">
      <Brand />
      <Card className="w-full max-w-2xl">
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight">Complete your profile</h1>
          <CardDescription>
            Four quick steps so other members know who you are and what you are looking for.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <OwnProfileLoaded>{(profile) => <OnboardingWizard me={me} profile={profile} next={next} />}</OwnProfileLoaded>
        </CardContent>
      </Card>
    </div>
  );
}
