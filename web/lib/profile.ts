import {
  DEFAULT_REGION,
  DEVELOPER_TYPES,
  EXPERIENCE_LEVELS,
  INTERESTED_PROJECTS,
  REGIONS,
  SPECIALIZATIONS,
} from "@core/enums";
import { emailLocalPart } from "@core/rules";
import { trpc } from "./trpc";
import type { Me, RouterOutputs } from "./types";

export type OwnProfile = NonNullable<RouterOutputs["profiles"]["me"]>;

/** The member's own profile; null when it is missing (tolerated, spec §4). */
export function useOwnProfile() {
  return trpc.profiles.me.useQuery(undefined, { staleTime: 30_000 });
}

/** Puts a saved profile everywhere it shows, so the top bar has the new name and avatar at once. */
export function useProfileSaved() {
  const utils = trpc.useUtils();
  return (profile: OwnProfile) => {
    utils.profiles.me.setData(undefined, profile);
    utils.auth.me.setData(undefined, (me) => me && { ...me, profile });
  };
}

/** A stored value if it is one of the list's, else '' (nothing chosen). */
export const fromList = <T extends string>(list: readonly T[], value: string | null | undefined): T | "" =>
  list.includes(value as T) ? (value as T) : "";

/** The values a profile form starts from: the stored ones, or the sign-up defaults. */
export function profileFormValues(profile: OwnProfile | null, me: Me) {
  return {
    displayName: profile?.displayName ?? emailLocalPart(me.email),
    bio: profile?.bio ?? "",
    age: profile?.age ?? null,
    developerType: fromList(DEVELOPER_TYPES, profile?.developerType),
    experience: fromList(EXPERIENCE_LEVELS, profile?.experience),
    specialization: fromList(SPECIALIZATIONS, profile?.specialization),
    region: fromList(REGIONS, profile?.region) || DEFAULT_REGION,
    interestedProjects: INTERESTED_PROJECTS.filter((item) => profile?.interestedProjects.includes(item)),
    skills: profile?.skills ?? [],
    openToJoin: profile?.openToJoin ?? true,
  };
}

export type ProfileFormValues = ReturnType<typeof profileFormValues>;
