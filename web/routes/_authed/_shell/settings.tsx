import { createFileRoute } from "@tanstack/react-router";
import { useEffect } from "react";
import { PageHeader } from "../../../components/page";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { pageHead } from "../../../lib/head";
import { useOwnProfile } from "../../../lib/profile";
import { notify } from "../../../lib/toast";
import { PlanCard } from "./-components/plan-card";
import { SettingsForm } from "./-components/settings-form";

const LOAD_ERROR = "Error loading profile data";

export const Route = createFileRoute("/_authed/_shell/settings")({
  head: pageHead("Settings"),
  loader: ({ context }) => void Promise.all([context.trpc.profiles.me.prefetch(), context.trpc.billing.plan.prefetch()]),
  component: Settings,
});

function Settings() {
  const { me } = Route.useRouteContext();
  const profile = useOwnProfile();
  useEffect(() => {
    if (profile.isError) notify.error("Profile Error", LOAD_ERROR);
  }, [profile.isError]);

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Settings" description="Your profile and preferences." />
      <div className="mb-6">
        <PlanCard />
      </div>
      {profile.isPending ? (
        <p role="status" className="py-12 text-center text-muted-foreground">
          Loading your profile...
        </p>
      ) : profile.isError ? (
        // No form without the stored values: saving blanks over them would lose what the member wrote.
        <div className="grid justify-items-start gap-4">
          <Alert>{LOAD_ERROR}</Alert>
          <Button variant="outline" onClick={() => void profile.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <SettingsForm me={me} profile={profile.data} />
      )}
    </div>
  );
}
