import { TRPCError } from "@trpc/server";
import { z } from "zod";
import {
  DEVELOPER_TYPES,
  EXPERIENCE_LEVELS,
  INTERESTED_PROJECTS,
  MAX_AGE,
  MIN_AGE,
  REGIONS,
  SPECIALIZATIONS,
} from "@core/enums";
import {
  AVATAR_NOT_AN_IMAGE,
  AVATAR_REQUIRED,
  AVATAR_TOO_LARGE,
  MAX_AVATAR_BYTES,
  MAX_BIO_LENGTH,
  MAX_SKILL_LENGTH,
  MAX_SKILLS,
} from "@core/rules";
import { ownProfile, publicProfile, replaceAvatar, saveOwnProfile } from "../people/profiles";
import { avatarKeyOf, avatarUrl, detectImage, newAvatarKey } from "../storage/avatar-files";
import { accountProcedure, protectedProcedure, router } from "../trpc";
import { displayNameField, plainText } from "@core/fields";

const PROFILE_NOT_FOUND = "Profile not found.";

/** One of a spec §9 list, or a clear refusal naming what was expected. */
const choice = <T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z.enum(values, { error: `Please choose ${what} from the list.` });

const unique = <T>(items: T[]) => [...new Set(items)];

const bio = plainText("Bio must be text.")
  .trim()
  .max(MAX_BIO_LENGTH, `Bio must be at most ${MAX_BIO_LENGTH} characters.`)
  .nullable()
  .transform((text) => text || null);

const age = z
  .number({ error: `Age must be a whole number from ${MIN_AGE} to ${MAX_AGE}.` })
  .int(`Age must be a whole number from ${MIN_AGE} to ${MAX_AGE}.`)
  .min(MIN_AGE, `Age must be a whole number from ${MIN_AGE} to ${MAX_AGE}.`)
  .max(MAX_AGE, `Age must be a whole number from ${MIN_AGE} to ${MAX_AGE}.`)
  .nullable();

const interestedProjects = z
  .array(choice(INTERESTED_PROJECTS, "project interests"), { error: "Please choose project interests from the list." })
  .transform(unique);

/** Spec §5 list input: items trimmed, empty ones and repeats ignored. */
const skills = z
  .array(
    plainText("Each skill must be text.")
      .trim()
      .max(MAX_SKILL_LENGTH, `Each skill must be at most ${MAX_SKILL_LENGTH} characters.`),
    { error: "Skills must be a list." },
  )
  .transform((items) => unique(items.filter(Boolean)))
  .refine((items) => items.length <= MAX_SKILLS, `You can list at most ${MAX_SKILLS} skills.`);

const region = choice(REGIONS, "a region");
const developerType = choice(DEVELOPER_TYPES, "a developer type");
const experience = choice(EXPERIENCE_LEVELS, "an experience level");
const specialization = choice(SPECIALIZATIONS, "a specialization").nullable();

const onOrOff = z.boolean({ error: "Please choose on or off." });
/** 'Open to join projects' and 'Show me in search': left out, a switch keeps its stored value. */
const switchField = onOrOff.optional();
/** What Settings shows as switches: 'Open to join projects', 'Show me in search', 'Send read receipts'. */
const PROFILE_SWITCHES = ["openToJoin", "listedInSearch", "sendReadReceipts"] as const;

/** Settings: every field a member can change, all sent together. */
const updateInput = z.object({
  displayName: displayNameField,
  bio,
  age,
  developerType: developerType.nullable(),
  experience: experience.nullable(),
  specialization,
  region,
  interestedProjects,
  skills,
  openToJoin: switchField,
  listedInSearch: switchField,
});

/** Onboarding's final step: what its four screens asked, with the spec's gating as the rules. */
const completeOnboardingInput = z.object({
  displayName: displayNameField,
  bio,
  developerType,
  experience,
  specialization,
  region,
  interestedProjects: interestedProjects.refine(
    (items) => items.length > 0,
    "Please choose at least one type of project you are interested in.",
  ),
  // Optional, beside the interests: what suggestions match projects and people by from the first visit.
  skills: skills.optional(),
  openToJoin: switchField,
});

const avatarInput = z
  .instanceof(FormData, { error: AVATAR_REQUIRED })
  .transform((form) => form.get("file"))
  .pipe(
    z
      .instanceof(File, { error: AVATAR_REQUIRED })
      // An empty file input still sends a part: a nameless, empty file.
      .refine((file) => file.size > 0, AVATAR_REQUIRED)
      .refine((file) => file.size <= MAX_AVATAR_BYTES, AVATAR_TOO_LARGE),
  );

export const profilesRouter = router({
  me: protectedProcedure.query(({ ctx }) => ownProfile(ctx.db, ctx.user.id)),

  /** Another member's public profile; to a member they blocked, as to everyone for a member who left, there is none. */
  byId: protectedProcedure
    .input(z.object({ id: plainText().trim().min(1, PROFILE_NOT_FOUND).max(64, PROFILE_NOT_FOUND) }))
    .query(async ({ ctx, input }) => {
      const profile = await publicProfile(ctx.db, input.id, ctx.user.id);
      if (!profile) throw new TRPCError({ code: "NOT_FOUND", message: PROFILE_NOT_FOUND });
      return profile;
    }),

  update: accountProcedure.input(updateInput).mutation(({ ctx, input }) => saveOwnProfile(ctx.db, ctx.user, input)),

  completeOnboarding: accountProcedure
    .input(completeOnboardingInput)
    .mutation(({ ctx, input }) => saveOwnProfile(ctx.db, ctx.user, input)),

  /** One of Settings' switches, saved on its own the moment it is turned. */
  setSwitch: accountProcedure
    .input(z.object({ name: z.enum(PROFILE_SWITCHES, { error: "There is no such setting." }), on: onOrOff }))
    .mutation(({ ctx, input }) => saveOwnProfile(ctx.db, ctx.user, { [input.name]: input.on })),

  uploadAvatar: accountProcedure.input(avatarInput).mutation(async ({ ctx, input: file }) => {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const image = detectImage(bytes);
    if (!image) throw new TRPCError({ code: "BAD_REQUEST", message: AVATAR_NOT_AN_IMAGE });

    const key = newAvatarKey(ctx.user.id, image.extension);
    await ctx.avatars.put(key, bytes, image.contentType);
    const { previousUrl, profile } = await replaceAvatar(ctx.db, ctx.user, avatarUrl(key)).catch(
      async (error: unknown) => {
        await ctx.avatars.delete(key);
        throw error;
      },
    );
    const previousKey = avatarKeyOf(previousUrl);
    if (previousKey) {
      // The new picture is saved; a leftover old file is only wasted space, never worth failing for.
      await ctx.avatars.delete(previousKey).catch((error: unknown) => console.error("avatar cleanup", error));
    }
    return profile;
  }),
});
