import { and, eq, isNull } from "drizzle-orm";
import { generateIdFromEntropySize } from "lucia";
import type { Db } from "@db/client";
import { DEFAULT_REGION } from "@core/enums";
import { isUniqueViolation } from "@db/errors";
import { CONTROL_CHARACTERS, emailLocalPart, MAX_DISPLAY_NAME_LENGTH } from "@core/rules";
import { profiles, sessions, users } from "@db/schema";

export interface NewAccount {
  email: string;
  displayName: string;
  passwordHash?: string;
  googleId?: string;
  avatarUrl?: string | null;
  emailVerified?: boolean;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The account with this address, as a statement: for a batch that counts the attempt beside it. */
export const userByEmailQuery = (db: Db, email: string) =>
  db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await userByEmailQuery(db, email);
  return user ?? null;
}

export async function findUserById(db: Db, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
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

/** What Google's ID token says about the person signing in. */
export interface GoogleClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

/** Links by Google id, then by verified e-mail, else creates the member; returns the user id. */
async function findOrCreateMember(db: Db, claims: GoogleClaims & { email: string }) {
  const [byGoogle] = await db.select().from(users).where(eq(users.googleId, claims.sub));
  if (byGoogle) return byGoogle.id;
  const byEmail = await findUserByEmail(db, claims.email);
  if (byEmail) {
    // Google just proved who owns this address. A password set before that proof may belong to
    // whoever signed up with the address first (even if its owner later clicked the confirmation
    // link they were sent), so that password and its sessions stop working until a reset.
    await db.batch([
      db
        .update(users)
        .set({ googleId: claims.sub, emailVerifiedAt: byEmail.emailVerifiedAt ?? new Date(), passwordHash: null })
        .where(eq(users.id, byEmail.id)),
      db
        .update(profiles)
        .set({ avatarUrl: claims.picture ?? null, updatedAt: new Date() })
        .where(and(eq(profiles.id, byEmail.id), isNull(profiles.avatarUrl))),
      db.delete(sessions).where(eq(sessions.userId, byEmail.id)),
    ]);
    return byEmail.id;
  }
  const account = newAccount(db, {
    email: claims.email,
    displayName:
      claims.name?.replace(CONTROL_CHARACTERS, "").trim().slice(0, MAX_DISPLAY_NAME_LENGTH) ||
      emailLocalPart(claims.email),
    googleId: claims.sub,
    avatarUrl: claims.picture ?? null,
    emailVerified: true,
  });
  await db.batch(account.statements);
  return account.id;
}

/** The member a verified Google sign-in belongs to, linked or created; returns the user id. */
export function signInWithGoogle(db: Db, claims: GoogleClaims & { email: string }) {
  return findOrCreateMember(db, claims).catch(async (error: unknown) => {
    // A parallel callback for the same person created the account first: link to it.
    if (isUniqueViolation(error)) return findOrCreateMember(db, claims);
    throw error;
  });
}
