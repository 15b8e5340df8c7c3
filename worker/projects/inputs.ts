/** What a project form may send, bounded and normalised the same way for every caller. */
import { z } from "zod";
import { BUDGET_RANGES, PROJECT_CATEGORIES, PROJECT_STATUSES } from "@core/enums";
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_DURATION_LENGTH,
  MAX_LIST_ITEM_LENGTH,
  MAX_LIST_ITEMS,
  MAX_SEARCH_LENGTH,
  MAX_TEAM_SIZE,
  MAX_TITLE_LENGTH,
  MIN_TEAM_SIZE,
  MISSING_INFORMATION,
} from "@core/project-rules";
import { demoUrl, githubUrl } from "@core/project-links";
import { optionalText, plainText } from "@core/fields";

export const projectId = plainText("Project not found").min(1).max(64);

export const category = z.enum(PROJECT_CATEGORIES, { error: "Please choose a category from the list." });
export const status = z.enum(PROJECT_STATUSES, { error: "Please choose a status from the list." });

/** Items trimmed, empty ones and repeats dropped, as the list inputs do it in the browser. */
const textList = (label: string) =>
  z
    .array(
      plainText().max(
        MAX_LIST_ITEM_LENGTH * 4,
        `Each item in ${label} must be at most ${MAX_LIST_ITEM_LENGTH} characters.`,
      ),
      {
        error: `${label} must be a list.`,
      },
    )
    .max(MAX_LIST_ITEMS * 4, `${label} can hold at most ${MAX_LIST_ITEMS} items.`)
    .default([])
    .transform((items) => [...new Set(items.map((item) => item.trim()).filter(Boolean))])
    .pipe(
      z
        .array(
          plainText().max(
            MAX_LIST_ITEM_LENGTH,
            `Each item in ${label} must be at most ${MAX_LIST_ITEM_LENGTH} characters.`,
          ),
        )
        .max(MAX_LIST_ITEMS, `${label} can hold at most ${MAX_LIST_ITEMS} items.`),
    );

const teamSize = `Team size must be a whole number from ${MIN_TEAM_SIZE} to ${MAX_TEAM_SIZE}.`;
const progress = "Progress must be a whole number from 0 to 100.";

/** The fields of the spec's insert (§7). */
export const projectFields = z.object({
  title: plainText(MISSING_INFORMATION)
    .trim()
    .min(1, MISSING_INFORMATION)
    .max(MAX_TITLE_LENGTH, `Title must be at most ${MAX_TITLE_LENGTH} characters.`),
  category: plainText(MISSING_INFORMATION).min(1, MISSING_INFORMATION).pipe(category),
  description: plainText()
    .trim()
    .max(MAX_DESCRIPTION_LENGTH, `Description must be at most ${MAX_DESCRIPTION_LENGTH} characters.`)
    .default(""),
  status: status.default("open"),
  members: z
    .number({ error: teamSize })
    .int(teamSize)
    .min(MIN_TEAM_SIZE, teamSize)
    .max(MAX_TEAM_SIZE, teamSize)
    .nullish()
    .transform((value) => value ?? MIN_TEAM_SIZE),
  duration: optionalText(MAX_DURATION_LENGTH, `Duration must be at most ${MAX_DURATION_LENGTH} characters.`),
  progress: z.number({ error: progress }).int(progress).min(0, progress).max(100, progress).default(0),
  plannedFeatures: textList("Planned features"),
  completedFeatures: textList("Completed features"),
  pendingFeatures: textList("Pending features"),
  skillsRequired: textList("Skills required"),
  techStack: textList("Tech stack"),
});

/** Editing adds what the spec's update (§7) also writes: budget and links. */
export const editableFields = projectFields.extend({
  budgetRange: z
    .enum(["", ...BUDGET_RANGES], { error: "Please choose a budget range from the list." })
    .nullish()
    .transform((value) => value || null),
  githubUrl,
  demoUrl,
});

export const listInput = z.object({
  search: plainText().max(MAX_SEARCH_LENGTH, `Search must be at most ${MAX_SEARCH_LENGTH} characters.`).optional(),
  category: category.optional(),
  status: status.optional(),
  /** Only the caller's own projects (My Projects, the dashboard's recent list). */
  mine: z.boolean().optional(),
  /** Only projects whose team accepted the caller (My Projects' Joined section). */
  joined: z.boolean().optional(),
  /** Only this member's projects (their profile view). */
  ownerId: plainText().max(64).optional(),
  limit: z.number().int().min(1).max(100).optional(),
  cursor: plainText().max(100).nullish(),
});
