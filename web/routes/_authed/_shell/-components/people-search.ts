import {
  DEVELOPER_TYPES,
  EXPERIENCE_LEVELS,
  REGIONS,
  SPECIALIZATIONS,
  type DeveloperType,
  type ExperienceLevel,
  type Region,
  type Specialization,
} from "@core/enums";
import { MAX_SEARCH_LENGTH } from "@core/project-rules";
import { flag } from "@web/lib/search";

export interface PeopleSearch {
  search?: string;
  specialization?: Specialization;
  experience?: ExperienceLevel;
  developerType?: DeveloperType;
  region?: Region;
  open?: true;
}

const oneOf = <T extends string>(list: readonly T[], value: unknown): T | undefined =>
  list.includes(value as T) ? (value as T) : undefined;

/**
 * Find People's words and filters as they stand in the URL, read leniently like All Projects': an
 * unknown value is dropped, so an old or hand-edited link still opens the page.
 */
export function readPeopleSearch(search: Record<string, unknown>): PeopleSearch {
  const text = typeof search.search === "string" ? search.search.slice(0, MAX_SEARCH_LENGTH) : undefined;
  return {
    search: text || undefined,
    specialization: oneOf(SPECIALIZATIONS, search.specialization),
    experience: oneOf(EXPERIENCE_LEVELS, search.experience),
    developerType: oneOf(DEVELOPER_TYPES, search.developerType),
    region: oneOf(REGIONS, search.region),
    open: flag(search.open),
  };
}

/** What `people.search` is asked for the URL's filters. */
export const peopleQuery = ({ open, ...rest }: PeopleSearch) => ({ ...rest, openToJoin: open });
