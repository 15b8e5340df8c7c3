import { useDeferredValue, type ReactNode } from "react";
import { Button } from "../ui/button";
import { LoadMore } from "../load-more";
import { ProjectCard, ProjectCardSkeleton } from "./project-card";
import type { ProjectSummary } from "./types";

interface PagedProjects {
  data?: { pages: { items: ProjectSummary[] }[] };
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

/**
 * Pages come PROJECTS_PAGE_SIZE at a time (core/project-rules.ts): until the last one is in, the count
 * is of those shown.
 */
const resultCount = (shown: number, more: boolean) =>
  more ? `Showing the first ${shown} projects` : `${shown} ${shown === 1 ? "project" : "projects"}`;

/**
 * The cards of an infinite projects query, with its loading, failure and empty states and a
 * 'Load more' button for the next page, under a count of the results.
 */
export function ProjectGrid({
  query,
  empty,
  actions,
  label,
}: {
  query: PagedProjects;
  empty: ReactNode;
  actions?: (project: ProjectSummary) => ReactNode;
  /** Names the list, for a page that heads it itself (and shows more than one). */
  label?: string;
}) {
  // A page of cards is rendered in the background, a few milliseconds at a time, so the main thread
  // stays free for taps while it is built; until then the skeleton (or the previous cards) shows.
  const data = useDeferredValue(query.data);
  if (query.isPending || (!data && !query.isError)) {
    return (
      <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-label="Loading projects">
        {Array.from({ length: 6 }, (_, i) => (
          <ProjectCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-10 text-center">
        <p className="font-medium">Failed to load projects</p>
        <Button variant="outline" onClick={() => query.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  const items = data?.pages.flatMap((page) => page.items) ?? [];
  if (items.length === 0) return <>{empty}</>;
  return (
    <div className="grid gap-6">
      {/* The cards' titles are h3: a list the page does not head gets a hidden h2 to keep the outline whole. */}
      {!label && <h2 className="sr-only">Projects</h2>}
      <p role="status" className="-mt-2 text-sm text-muted-foreground">
        {resultCount(items.length, query.hasNextPage)}
      </p>
      <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3" aria-label={label ?? "Projects"}>
        {items.map((project) => (
          <li key={project.id} className="grid [contain-intrinsic-size:auto_28rem] [content-visibility:auto]">
            <ProjectCard project={project} actions={actions?.(project)} />
          </li>
        ))}
      </ul>
      <LoadMore pages={query} className="mx-auto" />
    </div>
  );
}
