import { createFileRoute } from "@tanstack/react-router";
import { FilterX, FolderPlus, Pencil } from "lucide-react";
import { PageHeader, type PageHeading } from "@web/components/page";
import { CreateProjectButton } from "@web/components/projects/create-project-button";
import { DeleteProjectButton } from "@web/components/projects/delete-project-button";
import { ProjectFilters } from "@web/components/projects/project-filters";
import { ProjectFormDialog } from "@web/components/projects/project-form-dialog";
import { EmptyState } from "@web/components/empty-state";
import { ProjectGrid } from "@web/components/projects/project-grid";
import { TeamChatLink } from "@web/components/teams/team-chat-link";
import { useTeamChats } from "@web/components/teams/queries";
import { Button } from "@web/components/ui/button";
import { pageHead } from "@web/lib/head";
import { JoinedProjects } from "./-components/joined-projects";
import { WaitingRequests } from "./-components/waiting-requests";
import { trpc } from "@web/lib/trpc";
import { readProjectFilters } from "./-components/project-search";

const heading: PageHeading = {
  title: "My Projects",
  description: "Manage the projects you own and find the ones you joined.",
};

export const Route = createFileRoute("/_authed/_shell/my-projects")({
  head: pageHead(heading.title),
  staticData: { heading },
  validateSearch: readProjectFilters,
  component: MyProjects,
});

const createButton = <CreateProjectButton />;

function MyProjects() {
  // The URL holds the filters, as on All Projects: a reload or a shared link keeps the view.
  const filters = Route.useSearch();
  const { category, status } = filters;
  const navigate = Route.useNavigate();
  const setFilters = (change: Partial<typeof filters>) =>
    void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true });
  const filtered = category !== undefined || status !== undefined;
  const teamChats = useTeamChats();
  const projects = trpc.projects.list.useInfiniteQuery(
    { mine: true, category, status },
    { getNextPageParam: (page) => page.nextCursor, placeholderData: (previous) => previous },
  );

  return (
    <>
      <PageHeader {...heading} actions={<ProjectFormDialog trigger={createButton} />} />
      <MyJoinRequests />
      <h2 className="mb-4 text-2xl font-semibold tracking-tight">Owned Projects</h2>
      <div className="mb-6 flex flex-col gap-3 sm:flex-row">
        <ProjectFilters
          category={category}
          status={status}
          onCategoryChange={(category) => setFilters({ category })}
          onStatusChange={(status) => setFilters({ status })}
        />
      </div>
      <ProjectGrid
        query={projects}
        label="Owned projects"
        actions={(project) => (
          <>
            {teamChats.has(project.id) && <TeamChatLink chatId={teamChats.get(project.id)!} size="sm" />}
            <ProjectFormDialog
              projectId={project.id}
              trigger={
                <Button variant="outline" size="sm">
                  <Pencil aria-hidden />
                  Edit Project
                </Button>
              }
            />
            <DeleteProjectButton project={project} />
          </>
        )}
        empty={
          filtered ? (
            <EmptyState
              icon={<FilterX />}
              title="No projects match your filters"
              description="None of your projects has this status and category. Try other filters."
              action={
                <Button variant="outline" onClick={() => setFilters({ category: undefined, status: undefined })}>
                  Clear filters
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<FolderPlus />}
              title="No projects yet"
              description="You haven't created any projects yet. Create your first project to start collaborating."
              action={<ProjectFormDialog trigger={createButton} />}
            />
          )
        }
      />
      <JoinedProjects teamChats={teamChats} />
    </>
  );
}

/** The requests the sidebar counts beside My Projects, to answer here; nothing when none waits. */
function MyJoinRequests() {
  const waiting = trpc.projects.myStats.useQuery().data?.waiting;
  if (!waiting) return null;
  return (
    <div className="mb-8">
      <WaitingRequests total={waiting} />
    </div>
  );
}
