/** Members' profiles: their own, whole, and another's public part. */
import { and, eq, getTableColumns, not, sql } from "drizzle-orm";
import { DEFAULT_REGION } from "@core/enums";
import { emailLocalPart } from "@core/rules";
import type { Db } from "@db/client";
import { profiles, type NewProfile } from "@db/schema";
import { hasBlocked } from "../reach/reach";

/** What any member may see of another: no e-mail, age or subscription. */
const publicColumns = {
  id: profiles.id,
  displayName: profiles.displayName,
  avatarUrl: profiles.avatarUrl,
  bio: profiles.bio,
  specialization: profiles.specialization,
  region: profiles.region,
  skills: profiles.skills,
  developerType: profiles.developerType,
  interestedProjects: profiles.interestedProjects,
  experience: profiles.experience,
  openToJoin: profiles.openToJoin,
  createdAt: profiles.createdAt,
};

export type ProfileChanges = Omit<
  Partial<NewProfile>,
  "id" | "email" | "isPro" | "subscriptionStatus" | "subscriptionExpiresAt"
>;

const prepareOwnProfile = (db: Db) =>
  db
    .select(getTableColumns(profiles))
    .from(profiles)
    .where(eq(profiles.id, sql.placeholder("id")))
    .prepare();
/** Built once per database: every page load asks who is signed in, and so for their profile. */
const ownProfileQueries = new WeakMap<Db, ReturnType<typeof prepareOwnProfile>>();

/** `ownProfile` as a statement, for the batch that starts a session (sign-in, sign-up). */
export const ownProfileQuery = (db: Db, userId: string) =>
  db.select(getTableColumns(profiles)).from(profiles).where(eq(profiles.id, userId));

/** The member's own profile, whole; none when it is missing (spec §4 tolerates that). */
export async function ownProfile(db: Db, userId: string) {
  let query = ownProfileQueries.get(db);
  if (!query) ownProfileQueries.set(db, (query = prepareOwnProfile(db)));
  return (await query.get({ id: userId })) ?? null;
}

/** Another member's public profile; none to a member they blocked, or when they left. */
export async function publicProfile(db: Db, id: string, viewerId: string) {
  const [profile] = await db
    .select(publicColumns)
    .from(profiles)
    .where(and(eq(profiles.id, id), not(hasBlocked(id, viewerId))));
  return profile ?? null;
}

/**
 * Writes the member's own profile, as a statement. It is made at sign-up, but a missing one is
 * tolerated (spec §4), so this inserts it with the sign-up defaults when needed.
 */
function upsertOwnProfile(db: Db, user: { id: string; email: string }, changes: ProfileChanges) {
  const values = { ...changes, updatedAt: new Date() };
  return db
    .insert(profiles)
    .values({
      id: user.id,
      email: user.email,
      displayName: emailLocalPart(user.email),
      region: DEFAULT_REGION,
      ...values,
    })
    .onConflictDoUpdate({ target: profiles.id, set: values })
    .returning();
}

export async function saveOwnProfile(db: Db, user: { id: string; email: string }, changes: ProfileChanges) {
  const [profile] = await upsertOwnProfile(db, user, changes);
  return profile!;
}

/**
 * Points the member's profile at a new picture and says which one it replaced: read and written in
 * one transaction, so two uploads at once each learn exactly which file they replaced.
 */
export async function replaceAvatar(db: Db, user: { id: string; email: string }, url: string) {
  const [before, after] = await db.batch([
    db.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, user.id)),
    upsertOwnProfile(db, user, { avatarUrl: url }),
  ]);
  return { previousUrl: before[0]?.avatarUrl ?? null, profile: after[0]! };
}
