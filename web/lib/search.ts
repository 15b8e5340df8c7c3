/**
 * Readers for routes' `validateSearch`. Route definitions stay in the entry chunk (only their
 * components are split off), so a schema library used there would load on every public page;
 * these few lines do the same job. Like zod's `.catch`, junk becomes undefined instead of an error.
 */

/** `?reset=true` → true; anything else → undefined. */
export const flag = (value: unknown): true | undefined => (value === true || value === "true" ? true : undefined);

/** A string of at most `max` characters, else undefined. */
export const text = (value: unknown, max = 500): string | undefined =>
  typeof value === "string" && value.length <= max ? value : undefined;
