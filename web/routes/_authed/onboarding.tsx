import { createFileRoute } from "@tanstack/react-router";
import { Brand } from "../../components/brand";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card";
import { pageHead } from "../../lib/head";
import { returnPath } from "../../lib/search";
import { useOwnProfile } from "../../lib/profile";
import { OnboardingWizard } from "./-components/onboarding-wizard";

/** The four-step profile set-up a new member sees after sign-up; outside the common layout. */
export const Route = createFileRoute("/_authed/onboarding")({
  validateSearch: (search): { redirect?: string } => ({ redirect: returnPath(search.redirect) }),
  head: pageHead("Complete your profile"),
  loader: ({ context }) => void context.trpc.profiles.me.prefetch(),
  component: Onboarding,
});

function Onboarding() {
  const { me } = Route.useRouteContext();
  const { redirect: next } = Route.useSearch();
  const profile = useOwnProfile();
  return (
    <div className="flex min-h-screen flex-col items-center gap-6 bg-muted/40 px-4 py-8 sm:py-12">
      <Brand />
      <Card className="w-full max-w-2xl">
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight">Complete your profile</h1>
          <CardDescription>Four quick steps so other members know who you are and what you are looking for.</CardDescription>
        </CardHeader>
        <CardContent>
          {profile.isPending ? (
            <p role="status" className="py-12 text-center text-muted-foreground">
              Loading your profile...
            </p>
          ) : profile.isError ? (
            <div className="grid justify-items-start gap-4">
              <Alert>Error loading profile data</Alert>
              <Button variant="outline" onClick={() => void profile.refetch()}>
                Try Again
              </Button>
            </div>
          ) : (
            <OnboardingWizard me={me} profile={profile.data} next={next} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
