import { z } from "zod";
import { SUBJECT_NOT_FOUND, SUGGESTED_PEOPLE, SUGGESTED_PROJECTS } from "@core/discovery-rules";
import { SUGGESTION_KINDS } from "@core/enums";
import { plainText } from "@core/fields";
import { dismissSuggestion } from "../suggestions/dismiss";
import { suggestedPeople } from "../suggestions/people";
import { suggestedProjects } from "../suggestions/projects";
import { protectedProcedure, router } from "../trpc";

const dismissInput = z.object({
  kind: z.enum(SUGGESTION_KINDS, { error: SUBJECT_NOT_FOUND }),
  subjectId: plainText(SUBJECT_NOT_FOUND).min(1, SUBJECT_NOT_FOUND).max(64, SUBJECT_NOT_FOUND),
});

export const suggestionsRouter = router({
  /** The dashboard's 'Projects that need your skills', each with what it matches. */
  projects: protectedProcedure.query(({ ctx }) => suggestedProjects(ctx.db, ctx.user.id, SUGGESTED_PROJECTS)),

  /** The dashboard's 'People you may know', each with why. */
  people: protectedProcedure.query(({ ctx }) => suggestedPeople(ctx.db, ctx.user.id, SUGGESTED_PEOPLE)),

  /** Never suggest this project or member to the caller again. */
  dismiss: protectedProcedure
    .input(dismissInput)
    .mutation(({ ctx, input }) => dismissSuggestion(ctx.db, ctx.user.id, input.kind, input.subjectId)),
});
