import { z } from "zod";
import { MAX_DISPLAY_NAME_LENGTH, MAX_EMAIL_LENGTH } from "../../db/rules";
import { plainText } from "../../db/text-fields";

/** Input fields several routers take, with one wording for their errors. */

/** Every text input starts here (defined beside the rules, so forms can check with it too). */
export { plainText };

export const emailField = plainText("Please enter your email address.")
  .trim()
  .min(1, "Please enter your email address.")
  .max(MAX_EMAIL_LENGTH, `Email must be at most ${MAX_EMAIL_LENGTH} characters.`)
  .pipe(z.email("Please enter a valid email address."));

export const displayNameField = plainText("Please enter your display name.")
  .trim()
  .min(1, "Please enter your display name.")
  .max(MAX_DISPLAY_NAME_LENGTH, `Display name must be at most ${MAX_DISPLAY_NAME_LENGTH} characters.`);
