import { and, desc, eq, gt, inArray, isNotNull, isNull } from "drizzle-orm";
import { namedBatch } from "@db/batch";
import type { Db } from "@db/client";
import { accountTokens, profiles, sessions, users, type User } from "@db/schema";
import { queueEmail, queueEmailToUser } from "../mail/outbox";
import { emailChangedEmail, emailChangeEmail, passwordChangedEmail } from "./account-emails";
import { issueToken, revokeTokens, spendToken, usableToken } from "./account-tokens";
import type { Auth } from "./lucia";
import { hashPassword } from "./password";
import type { Device } from "./device";
import { newSessionFor } from "./session";

const EMAIL_CHANGE_LINK_LIFETIME_MS = 60 * 60 * 1000;

/**
 * Replaces (or, for an account without one, sets) the password: every session of the account ends
 * and this browser gets a new one, other reset links stop working, and the address is told.
 * The write is conditional on the password the caller checked, and the statements after it act
 * only where the new hash (salted, so unique) was stored: a change racing another changes nothing.
 * Returns the new session's cookie, or null when another change came first.
 */
export async function changePassword(
  db: Db,
  auth: Auth,
  user: User,
  newPassword: string,
  device: Device,
  hashN: number,
) {
  const passwordHash = await hashPassword(newPassword, hashN);
  const unchanged = user.passwordHash ? eq(users.passwordHash, user.passwordHash) : isNull(users.passwordHash);
  const changedNow = and(eq(users.id, user.id), eq(users.passwordHash, passwordHash));
  const changedAccount = db.select({ id: users.id }).from(users).where(changedNow);
  const session = newSessionFor(db, auth, changedNow!, device);
  const { changed } = await namedBatch(db, {
    changed: db
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, user.id), unchanged))
      .returning({ id: users.id }),
    signedOut: db.delete(sessions).where(inArray(sessions.userId, changedAccount)),
    session: session.statement,
    revoked: revokeTokens(db, changedAccount, new Date(), "password_reset"),
    email: queueEmailToUser(db, changedNow!, passwordChangedEmail()),
  });
  if (changed.length === 0) return null;
  return session.cookieFor(user.id);
}

/**
 * Sends a confirmation link to the new address; the account keeps its old one until the link is
 * opened. Only the newest link works.
 */
export async function requestEmailChange(db: Db, userId: string, newEmail: string, appUrl: string) {
  const now = new Date();
  const owner = eq(users.id, userId);
  const { token, statement } = await issueToken(db, {
    purpose: "email_change",
    owner,
    newEmail,
    lifetimeMs: EMAIL_CHANGE_LINK_LIFETIME_MS,
  });
  const link = `${appUrl}/auth/confirm-email?token=${encodeURIComponent(token)}`;
  await db.batch([
    revokeTokens(db, db.select({ id: users.id }).from(users).where(owner), now, "email_change"),
    statement,
    queueEmail(db, { to: newEmail, ...emailChangeEmail(link) }),
  ]);
}

/** The address waiting for its link to be opened, if any. */
export async function pendingEmail(db: Db, userId: string) {
  const [row] = await db
    .select({ newEmail: accountTokens.newEmail })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, "email_change"),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(accountTokens.createdAt))
    .limit(1);
  return row?.newEmail ?? null;
}

/**
 * Moves the account to the address the link confirms, telling the old address first, and spends
 * every other link of the account (a reset link sent to the old address included). The address's
 * uniqueness is the unique index's to decide: if another account took it meanwhile, the batch
 * fails whole and the link stays unspent. Returns the new address, or null for a dead link.
 */
export async function confirmEmailChange(db: Db, token: string) {
  const pending = await usableToken(db, token, "email_change");
  if (!pending?.newEmail) return null;
  const { now, spend, owner } = await spendToken(db, token, "email_change");
  const account = inArray(users.id, owner);
  const { spent } = await namedBatch(db, {
    spent: spend,
    email: queueEmailToUser(db, account, emailChangedEmail(pending.newEmail)),
    account: db.update(users).set({ email: pending.newEmail, emailVerifiedAt: now }).where(account),
    profile: db.update(profiles).set({ email: pending.newEmail, updatedAt: now }).where(inArray(profiles.id, owner)),
    revoked: revokeTokens(db, owner, now),
  });
  if (spent.length === 0) return null;
  return pending.newEmail;
}

/** Google stops signing the member in, when a password still can; false when it did not happen. */
export async function unlinkGoogle(db: Db, userId: string) {
  const unlinked = await db
    .update(users)
    .set({ googleId: null })
    .where(and(eq(users.id, userId), isNotNull(users.googleId), isNotNull(users.passwordHash)))
    .returning({ id: users.id });
  return unlinked.length > 0;
}
