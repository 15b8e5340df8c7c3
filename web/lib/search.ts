/**
 * Readers for routes' `validateSearch`. Route definitions stay in the entry chunk (only their
 * components are split off), so a schema library used there would load on every public page;
 * these few lines do the same job. Like zod's `.catch`, junk becomes undefined instead of an error.
 */

/** `?reset=true` → true; anything else → undefined. */
export const flag = (value: unknown): true | undefined => (value === true || value === "true" ? true : undefined);

/**
 * A path of this site to return to after signing in (`?redirect=/pricing`), else undefined: never
 * another site's address (`//evil.example`, `https://…`), or the sign-in page could send members
 * anywhere. Browsers read a backslash as a slash and drop tabs and line breaks from addresses, so
 * `/\\evil.example` and `/<tab>/evil.example` would become `//evil.example`: paths with either are
 * refused too.
 */
export const returnPath = (value: unknown): string | undefined =>
  typeof value === "string" &&
  value.length <= 200 &&
  value.startsWith("/") &&
  !value.startsWith("//") &&
  ![...value].some((char) => char <= " " || char === "\x7f" || char === "\\")
    ? value
    : undefined;

/** A string of at most `max` characters, else undefined. */
export const text = (value: unknown, max = 500): string | undefined =>
  typeof value === "string" && value.length <= max ? value : undefined;

/** A whole number from 1 up (`?at=42`), else undefined. */
export const positive = (value: unknown): number | undefined => {
  const n = typeof value === "string" ? Number(value) : value;
  return typeof n === "number" && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/** One of `values` (`?status=dismissed`), else undefined. */
export const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  values.find((candidate) => candidate === value);
