/**
 * What one suggestion statement may read, whatever the size of the site: the member's own terms,
 * friends and teams (each capped), and for each term only its newest holders. A request's cost
 * follows these numbers, never the number of members or projects.
 */
/** The member's rarest skills and interests that are looked up. */
export const TERMS_LOOKED_UP = 12;
/** The newest open projects, or listed members, per term, before scoring. */
export const HOLDERS_PER_TERM = 30;
/**
 * The newest holders of a term read to find those: the ones the member cannot be suggested (their
 * own, dismissed, across a block ...) are passed over among these only, so a member who dismissed
 * hundreds still costs a bounded read.
 */
export const HOLDERS_READ = 4 * HOLDERS_PER_TERM;
/** The best candidates that are scored again against every term, exactly. */
export const RESCORED = 24;
/** Friends, and friends of each friend, walked for mutual friends. */
export const FRIENDS_WALKED = 100;
export const FRIENDS_OF_EACH = 50;
/** Teams, and members of each team, walked for teammates. */
export const TEAMS_WALKED = 50;
export const TEAMMATES_OF_EACH = 50;
/** An interest matches more loosely than a skill: it counts half. */
export const INTEREST_WEIGHT = 0.5;
