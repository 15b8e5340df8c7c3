/**
 * The one word of the people index that stands for a choice of filters. Migration 0014's
 * `member_search_source` writes a member's words the same way: 'f', then, in this order, each
 * filter's letter and its value lower-cased without spaces or punctuation, and 'o' for 'open to
 * join projects'. Each member holds the word of every combination of their own values, so the
 * members matching any filters are exactly those holding that one word.
 */
import type { DeveloperType, ExperienceLevel, Region, Specialization } from "@core/enums";

export interface PeopleFilter {
  specialization?: Specialization;
  experience?: ExperienceLevel;
  developerType?: DeveloperType;
  region?: Region;
  openToJoin?: boolean;
}

/** As the migration's nested replace() leaves a value: without ' ()-+&/', lower case. */
const code = (value: string) => value.replace(/[ ()\-+&/]/g, "").toLowerCase();

/** The filters' word, or null when no filter is chosen (everyone listed matches). */
export function facetWord(filter: PeopleFilter): string | null {
  const parts = [
    filter.specialization && `s${code(filter.specialization)}`,
    filter.experience && `e${code(filter.experience)}`,
    filter.developerType && `t${code(filter.developerType)}`,
    filter.region && `r${code(filter.region)}`,
    filter.openToJoin && "o",
  ].filter(Boolean);
  return parts.length ? `f${parts.join("")}` : null;
}
