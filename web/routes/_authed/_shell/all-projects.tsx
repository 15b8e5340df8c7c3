import { createFileRoute } from "@tanstack/react-router";
import { FolderPlus, SearchX, X } from "lucide-react";
import { lazy, Suspense } from "react";
import { SearchField } from "@web/components/search-field";
import { PageHeader, type PageHeading } from "@web/components/page";
import { ProjectFilters } from "@web/components/projects/project-filters";
import { EmptyState } from "@web/components/empty-state";
import { CreateProjectButton } from "@web/components/projects/create-project-button";
import { ProjectGrid } from "@web/components/projects/project-grid";
import { Button } from "@web/components/ui/button";
import { pageHead } from "@web/lib/head";
import { trpc } from "@web/lib/trpc";
import { useUrlSearch } from "@web/lib/use-url-search";
import { readProjectSearch } from "./-components/project-search";

const heading: PageHeading = {
  title: "All Projects",
  description: "Discover projects from the community and find your next collaboration.",
};

export const Route = createFileRoute("/_authed/_shell/all-projects")({
  head: pageHead(heading.title),
  staticData: { heading },
  validateSearch: readProjectSearch,
  // The first page is asked for with the session check, not after the page's code has arrived.
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.trpc.projects.list.prefetchInfinite(deps),
  component: AllProjects,
});

/**
 * Only a site with no project at all offers to create one here: the button's code comes with that
 * empty state, not with the page's first load (the dialog's own comes with a click, as everywhere).
 */
const ProjectFormDialog = lazy(() =>
  import("@web/components/projects/project-form-dialog").then(({ ProjectFormDialog }) => ({
    default: ProjectFormDialog,
  })),
);

/** A site no one has published on yet: the newcomer is asked to start it, not to change filters they never set. */
const noProjectsYet = (
  <EmptyState
    icon={<FolderPlus />}
    title="No projects yet"
    description="Nobody has published a project here yet. Create the first one and find your team."
    action={
      <Suspense fallback={<CreateProjectButton disabled />}>
        <ProjectFormDialog trigger={<CreateProjectButton />} />
      </Suspense>
    }
  />
);

function AllProjects() {
  const filters = Route.useSearch();
  const { text, setText, setFilters, clear } = useUrlSearch(filters, Route.useNavigate());
  const filtered = Boolean(filters.search || filters.category || filters.status);

  const projects = trpc.projects.list.useInfiniteQuery(
    { search: filters.search, category: filters.category, status: filters.status },
    { getNextPageParam: (page) => page.nextCursor, placeholderData: (previous) => previous },
  );

  return (
    <>
      <PageHeader {...heading} />
      <div className="mb-6 flex flex-col gap-3 sm:flex-row">
        <SearchField
          value={text}
          onChange={setText}
          placeholder="Search projects..."
          label="Search projects"
          className="flex-1"
        />
        <ProjectFilters
          category={filters.category}
          status={filters.status}
          onCategoryChange={(category) => setFilters({ category })}
          onStatusChange={(status) => setFilters({ status })}
        />
      </div>
      {filters.category && (
        <div className="mb-6 flex flex-wrap items-center gap-2 rounded-lg border bg-accent/40 px-4 py-2 text-sm">
          <span>
            Showing projects in <strong>{filters.category}</strong>
          </span>
          <Button variant="ghost" size="sm" className="ml-auto" onClick={() => setFilters({ category: undefined })}>
            <X aria-hidden />
            Clear filter
          </Button>
        </div>
      )}
      <ProjectGrid
        query={projects}
        empty={
          filtered ? (
            <EmptyState
              icon={<SearchX />}
              title="No projects found"
              description="No project matches your search and filters. Try other words or clear the filters."
              action={
                <Button variant="outline" onClick={clear}>
                  Clear filters
                </Button>
              }
            />
          ) : (
            noProjectsYet
          )
        }
      />
    </>
  );
}
