import { createFileRoute } from "@tanstack/react-router";
import { Plus } from "lucide-react";
import { RECENT_PROJECTS } from "../../../../db/project-rules";
import { PageHeader } from "../../../components/page";
import { ProjectFormDialog } from "../../../components/projects/project-form-dialog";
import { useJoinedNotices } from "../../../components/projects/use-joined-notice";
import { Button } from "../../../components/ui/button";
import { pageHead } from "../../../lib/head";
import { displayNameOf } from "../../../lib/session";
import { trpc } from "../../../lib/trpc";
import { CategoryCards, QuickActions, RecentProjects, StatCards } from "./-components/dashboard-cards";

export const Route = createFileRoute("/_authed/_shell/dashboard")({
  head: pageHead("Dashboard"),
  // Warms the cache (also when a link to here is hovered); the component reads the same queries.
  loader: ({ context }) => {
    void context.trpc.projects.stats.prefetch();
    void context.trpc.projects.list.prefetch({ mine: true, limit: RECENT_PROJECTS });
  },
  component: Dashboard,
});

function Dashboard() {
  const { me } = Route.useRouteContext();
  const stats = trpc.projects.stats.useQuery();
  const recent = trpc.projects.list.useQuery({ mine: true, limit: RECENT_PROJECTS });
  useJoinedNotices();

  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`Welcome back, ${displayNameOf(me)}.`}
        actions={
          <ProjectFormDialog
            trigger={
              <Button>
                <Plus aria-hidden />
                Create Project
              </Button>
            }
          />
        }
      />
      <div className="grid gap-8">
        <StatCards stats={stats.data} />
        <CategoryCards counts={stats.data?.categories} />
        <div className="grid gap-6 lg:grid-cols-3">
          <RecentProjects projects={recent.data?.items} />
          <QuickActions />
        </div>
      </div>
    </>
  );
}
