import { z } from "zod";
import { CONTROL_CHARACTERS_REFUSED, MAX_DISPLAY_NAME_LENGTH, MAX_EMAIL_LENGTH, NO_CONTROL_CHARACTERS } from "../../db/rules";

/** Input fields several routers take, with one wording for their errors. */

/** Every text input starts here: a string without control characters but newline and tab. */
export const plainText = (error?: string) =>
  z.string(error === undefined ? undefined : { error }).regex(NO_CONTROL_CHARACTERS, CONTROL_CHARACTERS_REFUSED);

export const emailField = plainText("Please enter your email address.")
  .trim()
  .min(1, "Please enter your email address.")
  .max(MAX_EMAIL_LENGTH, `Email must be at most ${MAX_EMAIL_LENGTH} characters.`)
  .pipe(z.email("Please enter a valid email address."));

export const displayNameField = plainText("Please enter your display name.")
  .trim()
  .min(1, "Please enter your display name.")
  .max(MAX_DISPLAY_NAME_LENGTH, `Display name must be at most ${MAX_DISPLAY_NAME_LENGTH} characters.`);
