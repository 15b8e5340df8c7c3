/**
 * Find people and the dashboard's suggestions: page sizes, the words members read, and how a
 * suggestion says why it is there. Shared by the procedures and the pages.
 */
import type { InterestedProject, ProjectCategory } from "./enums";

export const PEOPLE_PAGE_SIZE = 24;
/** A person's card shows their first skills, as they listed them; the profile shows all. */
export const CARD_SKILLS = 4;

/** How many of each suggestion the dashboard shows at once; dismissing one brings the next. */
export const SUGGESTED_PROJECTS = 4;
export const SUGGESTED_PEOPLE = 4;
/** A project suggestion names at most this many of the skills it matches. */
export const REASON_SKILLS = 3;

export const SUBJECT_NOT_FOUND = "This suggestion is no longer available.";

/**
 * The project category each interest of onboarding step 3 reads as, for 'Projects that need your
 * skills'. An interest with no category of its own (desktop applications) matches by skills only.
 */
export const INTEREST_CATEGORIES: Record<InterestedProject, ProjectCategory | null> = {
  "Web Development": "Web Development",
  "Mobile Apps": "Mobile Apps",
  "AI/Machine Learning": "Machine Learning",
  "Game Development": "Game Development",
  "E-commerce": "E-commerce",
  "Desktop Applications": null,
  "DevOps/Cloud": "DevOps",
  "UI/UX Design": "UI/UX Design",
  Blockchain: "Blockchain",
  "Data Science": "Data Science",
};

const list = (items: string[]) => items.join(", ");

/** 'Matches React, TypeScript', or the category when no skill matched. */
export function projectReason(skills: string[], category: string | null) {
  if (skills.length > 0) return `Matches ${list(skills.slice(0, REASON_SKILLS))}`;
  return category ? `Matches your interest in ${category}` : "Open for collaboration";
}

export interface PersonTies {
  mutualFriends: number;
  /** The newest project both are on the team of, if any. */
  sharedTeam: string | null;
  sharedSkills: string[];
  sharedInterests: string[];
}

/** '3 mutual friends', 'Also in the Trail Mapper team', then what they have in common. */
export function personReason(ties: PersonTies) {
  const reasons = [];
  if (ties.mutualFriends > 0) {
    reasons.push(`${ties.mutualFriends} mutual ${ties.mutualFriends === 1 ? "friend" : "friends"}`);
  }
  if (ties.sharedTeam) reasons.push(`Also in the ${ties.sharedTeam} team`);
  if (reasons.length === 0 && ties.sharedSkills.length > 0) {
    reasons.push(`Also knows ${list(ties.sharedSkills.slice(0, REASON_SKILLS))}`);
  }
  if (reasons.length === 0 && ties.sharedInterests.length > 0) {
    reasons.push(`Also into ${list(ties.sharedInterests.slice(0, REASON_SKILLS))}`);
  }
  return reasons.join(" · ");
}
