import { createFileRoute } from "@tanstack/react-router";
import { useEffect } from "react";
import { PageHeader } from "@web/components/page";
import { OwnProfileLoaded, PROFILE_LOAD_ERROR } from "@web/components/own-profile";
import { pageHead } from "@web/lib/head";
import { useMember } from "@web/lib/session";
import { useOwnProfile } from "@web/lib/profile";
import { notify } from "@web/lib/toast";
import { AccountSecurity } from "./-components/account-security/account-security";
import { BlockedMembers } from "./-components/blocked-members";
import { NotificationPreferences } from "./-components/notification-preferences";
import { PlanCard } from "./-components/plan-card";
import { ReadReceiptsCard } from "./-components/read-receipts-card";
import { PushNotificationsCard } from "./-components/push-notifications-card";
import { SettingsForm } from "./-components/settings-form";

export const Route = createFileRoute("/_authed/_shell/settings")({
  head: pageHead("Settings"),
  loader: ({ context }) =>
    void Promise.all([context.trpc.profiles.me.prefetch(), context.trpc.billing.plan.prefetch()]),
  component: Settings,
});

function Settings() {
  const me = useMember();
  const profile = useOwnProfile();
  useEffect(() => {
    if (profile.isError) notify.error("Profile Error", PROFILE_LOAD_ERROR);
  }, [profile.isError]);

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Settings" description="Your profile and preferences." />
      <div className="mb-6">
        <PlanCard />
      </div>
      <OwnProfileLoaded>{(profile) => <SettingsForm me={me} profile={profile} />}</OwnProfileLoaded>
      <NotificationPreferences />
      <PushNotificationsCard />
      <div className="mt-6">
        <ReadReceiptsCard />
      </div>
      <BlockedMembers />
      <AccountSecurity />
    </div>
  );
}
