import { z } from "zod";
import { MAX_DISPLAY_NAME_LENGTH, MAX_EMAIL_LENGTH } from "../../db/rules";

/** Input fields several routers take, with one wording for their errors. */

export const emailField = z
  .string({ error: "Please enter your email address." })
  .trim()
  .min(1, "Please enter your email address.")
  .max(MAX_EMAIL_LENGTH, `Email must be at most ${MAX_EMAIL_LENGTH} characters.`)
  .pipe(z.email("Please enter a valid email address."));

export const displayNameField = z
  .string({ error: "Please enter your display name." })
  .trim()
  .min(1, "Please enter your display name.")
  .max(MAX_DISPLAY_NAME_LENGTH, `Display name must be at most ${MAX_DISPLAY_NAME_LENGTH} characters.`);
