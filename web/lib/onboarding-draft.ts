/**
 * What a member has typed into the onboarding wizard, kept in this browser until it is saved, so a
 * reload (or leaving and coming back) resumes where they were. Kept as every draft is (drafts.ts):
 * per member, and forgotten on signing out.
 */
import { DEVELOPER_TYPES, EXPERIENCE_LEVELS, INTERESTED_PROJECTS, REGIONS, SPECIALIZATIONS } from "@core/enums";
import { MAX_SKILLS } from "@core/rules";
import * as drafts from "./drafts";
import { fromList, type ProfileFormValues } from "./profile";

export interface OnboardingDraft {
  step: number;
  values: ProfileFormValues;
}

const NAME = "onboarding";

/** The stored draft over `initial`, each value kept only when it is one the form could hold. */
export function readDraft(memberId: string, initial: ProfileFormValues, steps: number): OnboardingDraft | null {
  let stored: unknown;
  try {
    stored = JSON.parse(drafts.readDraft(memberId, NAME) ?? "null");
  } catch {
    return null;
  }
  if (typeof stored !== "object" || stored === null) return null;
  const { step, values } = stored as { step?: unknown; values?: Partial<Record<keyof ProfileFormValues, unknown>> };
  if (typeof step !== "number" || typeof values !== "object" || values === null) return null;
  const text = (value: unknown, fallback: string) => (typeof value === "string" ? value : fallback);
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
  return {
    step: Math.min(Math.max(1, Math.trunc(step)), steps),
    values: {
      ...initial,
      displayName: text(values.displayName, initial.displayName),
      bio: text(values.bio, initial.bio),
      developerType: fromList(DEVELOPER_TYPES, text(values.developerType, initial.developerType)),
      experience: fromList(EXPERIENCE_LEVELS, text(values.experience, initial.experience)),
      specialization: fromList(SPECIALIZATIONS, text(values.specialization, initial.specialization)),
      region: fromList(REGIONS, text(values.region, initial.region)) || initial.region,
      interestedProjects: INTERESTED_PROJECTS.filter((item) => list(values.interestedProjects).includes(item)),
      skills: list(values.skills)
        .filter((skill): skill is string => typeof skill === "string")
        .slice(0, MAX_SKILLS),
      openToJoin: typeof values.openToJoin === "boolean" ? values.openToJoin : initial.openToJoin,
    },
  };
}

export const writeDraft = (memberId: string, draft: OnboardingDraft) =>
  drafts.writeDraft(memberId, NAME, JSON.stringify(draft));

export const clearDraft = (memberId: string) => drafts.clearDraft(memberId, NAME);
