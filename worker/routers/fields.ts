import { z } from "zod";
import {
  MAX_DISPLAY_NAME_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_TOO_SHORT,
} from "../../db/rules";
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
