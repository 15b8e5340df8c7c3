import { MAX_SEARCH_LENGTH } from "@core/project-rules";
import { PROJECT_CATEGORIES, PROJECT_STATUSES, type ProjectCategory, type ProjectStatus } from "@core/enums";

export interface ProjectFilterSearch {
  category?: ProjectCategory;
  status?: ProjectStatus;
}

export interface ProjectSearch extends ProjectFilterSearch {
  search?: string;
}

const oneOf = <T extends string>(list: readonly T[], value: unknown): T | undefined =>
  list.includes(value as T) ? (value as T) : undefined;

/**
 * The All Projects filters as they stand in the URL, read leniently: an unknown value is
 * dropped rather than refused, so an old or hand-edited link still opens the page. Links
 * written by the spec's app say 'in-progress'. (No zod here: route definitions sit in the
 * entry chunk that every public page loads too.)
 */
export function readProjectSearch(search: Record<string, unknown>): ProjectSearch {
  const text = typeof search.search === "string" ? search.search.slice(0, MAX_SEARCH_LENGTH) : undefined;
  return { search: text || undefined, ...readProjectFilters(search) };
}

/** The category and status alone, as My Projects keeps them in its URL. */
export function readProjectFilters(search: Record<string, unknown>): ProjectFilterSearch {
  const status = search.status === "in-progress" ? "in_progress" : search.status;
  return { category: oneOf(PROJECT_CATEGORIES, search.category), status: oneOf(PROJECT_STATUSES, status) };
}
