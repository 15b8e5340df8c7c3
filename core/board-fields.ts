/** The board's zod fields: procedures validate with them, and the board's forms check with them first. */
import { z } from "zod";
import {
  COLUMN_NAME_REQUIRED,
  COLUMN_NAME_TOO_LONG,
  DESCRIPTION_TOO_LONG,
  DUE_DATE_INVALID,
  DUE_DATE_PATTERN,
  LABEL_COLOR_INVALID,
  LABEL_COLORS,
  LABEL_NAME_REQUIRED,
  LABEL_NAME_TOO_LONG,
  MAX_COLUMN_NAME_LENGTH,
  MAX_LABEL_NAME_LENGTH,
  MAX_TASK_DESCRIPTION_LENGTH,
  MAX_TASK_LABELS,
  MAX_TASK_TITLE_LENGTH,
  TITLE_REQUIRED,
  TITLE_TOO_LONG,
  TOO_MANY_LABELS,
} from "./board-rules";
import { plainText } from "./fields";

export const taskTitle = plainText(TITLE_REQUIRED)
  .trim()
  .min(1, TITLE_REQUIRED)
  .max(MAX_TASK_TITLE_LENGTH, TITLE_TOO_LONG);

export const taskDescription = plainText().max(MAX_TASK_DESCRIPTION_LENGTH, DESCRIPTION_TOO_LONG);

/** 'YYYY-MM-DD', a day that exists; null clears it. */
export const dueDate = plainText(DUE_DATE_INVALID)
  .regex(DUE_DATE_PATTERN, DUE_DATE_INVALID)
  .refine((day) => new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), DUE_DATE_INVALID)
  .nullable();

/** Ids of the board's labels, repeats dropped. */
export const labelIds = z
  .array(plainText().min(1).max(64))
  .transform((ids) => [...new Set(ids)])
  .pipe(z.array(z.string()).max(MAX_TASK_LABELS, TOO_MANY_LABELS));

export const columnName = plainText(COLUMN_NAME_REQUIRED)
  .trim()
  .min(1, COLUMN_NAME_REQUIRED)
  .max(MAX_COLUMN_NAME_LENGTH, COLUMN_NAME_TOO_LONG);

export const labelName = plainText(LABEL_NAME_REQUIRED)
  .trim()
  .min(1, LABEL_NAME_REQUIRED)
  .max(MAX_LABEL_NAME_LENGTH, LABEL_NAME_TOO_LONG);

export const labelColor = z.enum(LABEL_COLORS, { error: LABEL_COLOR_INVALID });
