import type { OwnProfile } from "./profile";

/**
 * Whether the member has what onboarding asks for (spec §5 gating: a developer type, an
 * experience level, at least one interest). A member without it quit the wizard halfway, or
 * never saw it, and is brought back to it. Apart from ./profile: route guards run in the entry
 * chunk, and that module's hooks would bring the query cache and tRPC client into every page.
 */
export const onboardingDone = (
  profile: Pick<OwnProfile, "developerType" | "experience" | "interestedProjects"> | null,
) => !!profile?.developerType && !!profile.experience && profile.interestedProjects.length > 0;
