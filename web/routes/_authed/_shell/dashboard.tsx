import { createFileRoute } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { PageHeader, type PageHeading } from "@web/components/page";
import { CreateProjectButton } from "@web/components/projects/create-project-button";
import { ProjectFormDialog } from "@web/components/projects/project-form-dialog";
import { useJoinedNotices } from "@web/components/projects/use-joined-notice";
import { pageHead } from "@web/lib/head";
import { displayNameOf, useMember } from "@web/lib/session";
import { trpc } from "@web/lib/trpc";
import { CategoryCards, MyFigures, QuickActions, RecentProjects, StatCards } from "./-components/dashboard-cards";
import { PeopleSuggestions, ProjectSuggestions } from "./-components/suggestions";
import { WaitingRequests } from "./-components/waiting-requests";

const heading: PageHeading = { title: "Dashboard" };

export const Route = createFileRoute("/_authed/_shell/dashboard")({
  head: pageHead(heading.title),
  staticData: { heading },
  // Warms the cache (also when a link to here is hovered); the component reads the same queries.
  loader: ({ context }) => {
    void context.trpc.projects.stats.prefetch();
    void context.trpc.projects.recent.prefetch();
    void context.trpc.joinRequests.waiting.prefetch();
    void context.trpc.joinRequests.unseenAcceptances.prefetch();
    void context.trpc.suggestions.projects.prefetch();
    void context.trpc.suggestions.people.prefetch();
  },
  component: Dashboard,
});

const visitedKey = (memberId: string) => `crewboard:dashboard-visited:${memberId}`;

function hasVisited(memberId: string) {
  try {
    return localStorage.getItem(visitedKey(memberId)) !== null;
  } catch {
    // Storage refused (a private window that allows none): greet as on a return.
    return true;
  }
}

/** 'Welcome' on the member's first dashboard (on this device), 'Welcome back' on every later one. */
function useGreeting(memberId: string) {
  const [returning] = useState(() => hasVisited(memberId));
  useEffect(() => {
    try {
      localStorage.setItem(visitedKey(memberId), "1");
    } catch {
      // Nothing to keep it in: the next visit greets as a return anyway.
    }
  }, [memberId]);
  return returning ? "Welcome back" : "Welcome";
}

function Dashboard() {
  const me = useMember();
  const greeting = useGreeting(me.id);
  const stats = trpc.projects.stats.useQuery();
  const mine = trpc.projects.myStats.useQuery(undefined, { refetchOnWindowFocus: true });
  const recent = trpc.projects.recent.useQuery();
  useJoinedNotices();

  return (
    <>
      <PageHeader
        {...heading}
        description={`${greeting}, ${displayNameOf(me)}.`}
        actions={<ProjectFormDialog trigger={<CreateProjectButton />} />}
      />
      <div className="grid gap-8">
        <MyFigures figures={mine.data} />
        <StatCards stats={stats.data} />
        <CategoryCards counts={stats.data?.categories} />
        <div className="grid gap-6 lg:grid-cols-2">
          <ProjectSuggestions />
          <PeopleSuggestions />
        </div>
        <div className="grid gap-6 lg:grid-cols-3">
          <RecentProjects projects={recent.data} />
          <div className="grid content-start gap-6">
            <WaitingRequests total={mine.data?.waiting} />
            <QuickActions />
          </div>
        </div>
      </div>
    </>
  );
}
