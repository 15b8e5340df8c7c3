import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { FileQuestion, KanbanSquare, Pencil, UserPlus } from "lucide-react";
import { BackButton } from "@web/components/back-button";
import { DeleteProjectButton } from "@web/components/projects/delete-project-button";
import { ProjectFormDialog } from "@web/components/projects/project-form-dialog";
import { ProjectImage } from "@web/components/projects/project-image";
import { StatusBadge } from "@web/components/projects/status-badge";
import { ReportButton } from "@web/components/safety/report-button";
import { Badge } from "@web/components/ui/badge";
import { Button, buttonVariants } from "@web/components/ui/button";
import { pageHead } from "@web/lib/head";
import { trpc } from "@web/lib/trpc";
import {
  FeaturesCard,
  LinksCard,
  OwnerCard,
  ProgressCard,
  SkillsCard,
  StatusCard,
} from "./-components/project-details";
import { BoardSettingsCard } from "./-components/board-settings-card";
import { JoinButton, TeamCard, TeamChatButton } from "./-components/project-team";

export const Route = createFileRoute("/_authed/_shell/project/$id")({
  head: pageHead("Project"),
  // Warms the cache (also when a card is hovered); the component reads the same queries. The team
  // is asked for beside the project, in the same batch, not once the project has come.
  loader: ({ context, params }) => {
    void context.trpc.projects.byId.prefetch({ id: params.id });
    void context.trpc.joinRequests.forProject.prefetch({ projectId: params.id });
  },
  component: ProjectPage,
});

function ProjectPage() {
  const { id } = Route.useParams();
  const navigate = useNavigate();
  const project = trpc.projects.byId.useQuery({ id }, { retry: false });
  const join = trpc.joinRequests.forProject.useQuery({ projectId: id }, { retry: false });

  if (project.isPending) {
    return (
      <div className="grid gap-6" role="status" aria-label="Loading project">
        <div className="h-8 w-24 animate-pulse rounded bg-muted" />
        <div className="h-48 animate-pulse rounded-xl bg-muted" />
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="h-64 animate-pulse rounded-xl bg-muted lg:col-span-2" />
          <div className="h-64 animate-pulse rounded-xl bg-muted" />
        </div>
      </div>
    );
  }
  if (project.isError) {
    const notFound = project.error.data?.code === "NOT_FOUND";
    return (
      <div className="flex flex-col items-center gap-4 py-20 text-center">
        <FileQuestion className="size-12 text-muted-foreground" aria-hidden />
        <h1 className="text-2xl font-bold">{notFound ? "Project Not Found" : "Project Error"}</h1>
        <p className="max-w-md text-muted-foreground">
          {notFound
            ? "The project you are looking for does not exist or has been deleted."
            : "Failed to load project details"}
        </p>
        <Button asChild>
          <Link to="/my-projects">Back to Projects</Link>
        </Button>
      </div>
    );
  }

  const p = project.data;
  const waiting = join.data?.pending.length ?? 0;
  return (
    <div className="flex flex-col">
      <BackButton fallback="/all-projects" />
      <div className="mb-6 overflow-hidden rounded-xl border bg-card">
        <ProjectImage id={p.id} className="h-40 sm:h-56" />
        <div className="flex flex-col gap-4 p-5 sm:p-6 md:flex-row md:items-start md:justify-between">
          <div className="grid min-w-0 gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge status={p.status} />
              <Badge variant="outline" weight="medium">
                {p.category}
              </Badge>
            </div>
            <h1 className="break-words text-3xl font-bold tracking-tight">{p.title}</h1>
            {p.description && <p className="whitespace-pre-line break-words text-muted-foreground">{p.description}</p>}
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            <TeamChatButton projectId={p.id} />
            {(p.isOwner || join.data?.mine?.status === "accepted") && (
              <Link to="/project/$id/board" params={{ id: p.id }} className={buttonVariants({ variant: "outline" })}>
                <KanbanSquare aria-hidden />
                Board
              </Link>
            )}
            {p.isOwner ? (
              <>
                {waiting > 0 && (
                  // On a phone the team card is far below: this says requests wait, and leads there.
                  <a href="#team" className={buttonVariants({ variant: "outline" })}>
                    <UserPlus aria-hidden />
                    {waiting} join {waiting === 1 ? "request" : "requests"}
                  </a>
                )}
                <ProjectFormDialog
                  projectId={p.id}
                  trigger={
                    <Button variant="outline">
                      <Pencil aria-hidden />
                      Edit
                    </Button>
                  }
                />
                <DeleteProjectButton
                  project={p}
                  size="default"
                  label="Delete"
                  onDeleted={() => navigate({ to: "/my-projects" })}
                />
              </>
            ) : (
              <>
                <JoinButton project={p} join={join.data} />
                <ReportButton target={{ kind: "project", projectId: p.id }} title="Report this project" />
              </>
            )}
          </div>
        </div>
      </div>
      {/* One column of minmax(0, 1fr) on phones: a wide card shrinks to the screen instead of widening the page. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="grid grid-cols-1 content-start gap-6 lg:col-span-2">
          <ProgressCard project={p} />
          <FeaturesCard project={p} />
          <SkillsCard project={p} />
        </div>
        <div className="grid grid-cols-1 content-start gap-6">
          <StatusCard project={p} team={join.data && join.data.team.length + 1} />
          <OwnerCard project={p} />
          <TeamCard project={p} join={join.data} />
          {p.isOwner && <BoardSettingsCard projectId={p.id} />}
          <LinksCard project={p} />
        </div>
      </div>
    </div>
  );
}
