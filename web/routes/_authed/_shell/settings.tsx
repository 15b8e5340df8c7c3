import { createFileRoute } from "@tanstack/react-router";
import { useEffect } from "react";
import { PageHeader } from "@web/components/page";
import { OwnProfileLoaded, PROFILE_LOAD_ERROR } from "@web/components/own-profile";
import { PageSection, SectionList } from "@web/components/section-list";
import { pageHead } from "@web/lib/head";
import { useMember } from "@web/lib/session";
import { useOwnProfile } from "@web/lib/profile";
import { notify } from "@web/lib/toast";
import { AccountSecurity } from "./-components/account-security/account-security";
import { BlockedMembers } from "./-components/blocked-members";
import { DiscoveryCard } from "./-components/discovery-card";
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

/** `#notifications` is where an e-mail's 'notification settings' link lands. */
const SECTIONS = [
  { id: "plan", label: "Plan" },
  { id: "profile", label: "Profile" },
  { id: "discovery", label: "Discovery" },
  { id: "notifications", label: "Notifications" },
  { id: "chats", label: "Chats" },
  { id: "privacy", label: "Privacy and safety" },
  { id: "account", label: "Account and security" },
] as const;

function Settings() {
  const me = useMember();
  const profile = useOwnProfile();
  useEffect(() => {
    if (profile.isError) notify.error("Profile Error", PROFILE_LOAD_ERROR);
  }, [profile.isError]);

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Settings" description="Your profile and preferences." />
      <div className="lg:grid lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-10">
        <SectionList label="Settings sections" sections={SECTIONS} />
        <div className="grid min-w-0 max-w-3xl gap-8">
          <PageSection id="plan">
            <PlanCard />
          </PageSection>
          <PageSection id="profile">
            <OwnProfileLoaded>{(profile) => <SettingsForm me={me} profile={profile} />}</OwnProfileLoaded>
          </PageSection>
          <PageSection id="discovery">
            <DiscoveryCard />
          </PageSection>
          <PageSection id="notifications">
            <div className="grid gap-6">
              <NotificationPreferences />
              <PushNotificationsCard />
            </div>
          </PageSection>
          <PageSection id="chats">
            <ReadReceiptsCard />
          </PageSection>
          <PageSection id="privacy">
            <BlockedMembers />
          </PageSection>
          <PageSection id="account">
            <AccountSecurity />
          </PageSection>
        </div>
      </div>
    </div>
  );
}
