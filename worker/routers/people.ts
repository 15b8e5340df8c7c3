import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { PEOPLE_PAGE_SIZE } from "@core/discovery-rules";
import { DEVELOPER_TYPES, EXPERIENCE_LEVELS, REGIONS, SPECIALIZATIONS } from "@core/enums";
import { plainText } from "@core/fields";
import { MAX_SEARCH_LENGTH } from "@core/project-rules";
import { InvalidPeopleCursorError, searchPeople } from "../people/search";
import { protectedProcedure, router } from "../trpc";

const choice = <T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z.enum(values, { error: `Please choose ${what} from the list.` }).optional();

const searchInput = z.object({
  search: plainText().max(MAX_SEARCH_LENGTH, `Search must be at most ${MAX_SEARCH_LENGTH} characters.`).optional(),
  specialization: choice(SPECIALIZATIONS, "a specialization"),
  experience: choice(EXPERIENCE_LEVELS, "an experience level"),
  developerType: choice(DEVELOPER_TYPES, "a developer type"),
  region: choice(REGIONS, "a region"),
  /** Only members open to joining projects; off or missing: everyone. */
  openToJoin: z.boolean().optional(),
  limit: z.number().int().min(1).max(100).optional(),
  cursor: plainText().max(100).nullish(),
});

export const peopleRouter = router({
  /** Find people: by name and skill words and by filters, newest first, a page at a time. */
  search: protectedProcedure.input(searchInput).query(({ ctx, input }) =>
    searchPeople(ctx.db, ctx.user.id, input, input.limit ?? PEOPLE_PAGE_SIZE, input.cursor ?? undefined).catch(
      (error: unknown) => {
        if (error instanceof InvalidPeopleCursorError) {
          throw new TRPCError({ code: "BAD_REQUEST", message: "This list has changed. Please reload the page." });
        }
        throw error;
      },
    ),
  ),
});
