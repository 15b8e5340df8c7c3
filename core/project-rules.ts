/** Project input bounds and messages, shared by the projects router and the project dialog. */
import { FREE_PLAN_PROJECT_LIMIT, type ProjectCategory } from "./enums";

export const MAX_TITLE_LENGTH = 120;
export const MAX_DESCRIPTION_LENGTH = 5000;
export const MAX_DURATION_LENGTH = 50;
export const MIN_TEAM_SIZE = 1;
export const MAX_TEAM_SIZE = 1000;
export const MAX_LIST_ITEMS = 50;
export const MAX_LIST_ITEM_LENGTH = 80;
export const MAX_URL_LENGTH = 2000;
export const MAX_SEARCH_LENGTH = 200;
export const PROJECTS_PAGE_SIZE = 24;
/** Dashboard: the member's newest projects, and the project cards' technologies (spec §9). */
export const RECENT_PROJECTS = 3;
export const CARD_TECHNOLOGIES = 3;
/** Cards show two lines of the description; a list sends no more of it than this. */
export const CARD_DESCRIPTION_LENGTH = 300;

/** The six categories the dashboard shows cards for (spec §2). */
export const DASHBOARD_CATEGORIES = [
  "Web Development",
  "Mobile Apps",
  "UI/UX Design",
  "Data Science",
  "Digital Marketing",
  "E-commerce",
] as const satisfies readonly ProjectCategory[];

export const MISSING_INFORMATION = "Please fill in all required fields.";
export const EDIT_NOT_OWNER = "You can only edit your own projects.";
export const DELETE_NOT_OWNER = "You can only delete your own projects.";
export const PROJECT_NOT_FOUND = "Project not found";
export const FREE_PLAN_LIMIT_REACHED = `The free plan includes up to ${FREE_PLAN_PROJECT_LIMIT} projects. Upgrade to Pro to create more.`;
