/**
 * The zod text fields both sides use: procedures validate their input with them, and forms check
 * what a member typed with the same rules (and the same messages) before anything is sent.
 */
import { z } from "zod";
import { CONTROL_CHARACTERS_REFUSED, NO_CONTROL_CHARACTERS } from "./rules";

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
