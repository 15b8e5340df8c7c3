import { eq } from "drizzle-orm";
import { generateIdFromEntropySize } from "lucia";
import type { Db } from "../../db/client";
import { DEFAULT_REGION } from "../../db/enums";
import { profiles, users } from "../../db/schema";

export interface NewAccount {
  email: string;
  displayName: string;
  passwordHash?: string;
  googleId?: string;
  avatarUrl?: string | null;
  emailVerified?: boolean;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const emailLocalPart = (email: string) => email.split("@")[0] ?? email;

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, normalizeEmail(email)));
  return user ?? null;
}

/** The user and its profile with the spec's sign-up defaults, as statements to write together. */
export function newAccount(db: Db, account: NewAccount) {
  const id = generateIdFromEntropySize(10);
  const email = normalizeEmail(account.email);
  const statements = [
    db.insert(users).values({
      id,
      email,
      passwordHash: account.passwordHash ?? null,
      googleId: account.googleId ?? null,
      emailVerifiedAt: account.emailVerified ? new Date() : null,
    }),
    db.insert(profiles).values({
      id,
      email,
      displayName: account.displayName,
      avatarUrl: account.avatarUrl ?? null,
      bio: null,
      age: null,
      specialization: null,
      region: DEFAULT_REGION,
      skills: [],
      developerType: null,
      interestedProjects: [],
      experience: null,
      subscriptionStatus: "free",
      subscriptionExpiresAt: null,
    }),
  ] as const;
  return { id, email, statements };
}
