/**
 * The zod fields both sides use: procedures validate their input with them, and forms check what a
 * member typed with the same rules (and the same messages) before anything is sent.
 */
import { z } from "zod";
import {
  CONTROL_CHARACTERS_REFUSED,
  MAX_DISPLAY_NAME_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  NO_CONTROL_CHARACTERS,
  PASSWORD_TOO_SHORT,
} from "./rules";

/** Every text input starts here: a string without control characters but newline and tab. */
export const plainText = (error?: string) =>
  z.string(error === undefined ? undefined : { error }).regex(NO_CONTROL_CHARACTERS, CONTROL_CHARACTERS_REFUSED);

/** Empty or missing optional text is stored as null, never as "". */
export const optionalText = (max: number, tooLong: string) =>
  plainText()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((value) => value || null);

export const emailField = plainText("Please enter your email address.")
  .trim()
  .min(1, "Please enter your email address.")
  .max(MAX_EMAIL_LENGTH, `Email must be at most ${MAX_EMAIL_LENGTH} characters.`)
  .pipe(z.email("Please enter a valid email address."));

export const displayNameField = plainText("Please enter your display name.")
  .trim()
  .min(1, "Please enter your display name.")
  .max(MAX_DISPLAY_NAME_LENGTH, `Display name must be at most ${MAX_DISPLAY_NAME_LENGTH} characters.`);

const tooLongPassword = `Password must be at most ${MAX_PASSWORD_LENGTH} characters long.`;

/** A password being chosen: sign-up's rules, wherever one is set. */
export const newPasswordField = plainText("Please enter a password.")
  .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
  .max(MAX_PASSWORD_LENGTH, tooLongPassword);

/** A password being checked: any length a password could have. */
export const passwordField = plainText("Please enter your password.")
  .min(1, "Please enter your password.")
  .max(MAX_PASSWORD_LENGTH, tooLongPassword);

/** The token an e-mailed link carries; anything that cannot be one reads as a dead link. */
export const linkTokenField = (invalid: string) => plainText(invalid).trim().min(1, invalid).max(200, invalid);

/** The first message a field's check gives for what a member typed, or null when it passes. */
export function fieldError(field: z.ZodType, value: unknown): string | null {
  const result = field.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
