import { eq, inArray, sql } from "drizzle-orm";
import { namedBatch } from "@db/batch";
import type { Db } from "@db/client";
import { sessions, users } from "@db/schema";
import { queueEmailToUser } from "../mail/outbox";
import { passwordChangedEmail, passwordResetEmail } from "./account-emails";
import { issueToken, revokeTokens, spendToken, usableToken } from "./account-tokens";
import type { Auth } from "./lucia";
import { hashPassword } from "./password";
import type { Device } from "./device";
import { newSessionFor } from "./session";

const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;

/**
 * Stores a reset link for the account with this (normalized) address and queues its e-mail. The
 * same statements run whether the address has an account or not (each an INSERT ... SELECT that
 * finds nobody when it has none), so the answer neither says nor takes longer to say which.
 * The link is built from the configured origin alone.
 */
export async function requestPasswordReset(db: Db, email: string, appUrl: string) {
  const owner = eq(users.email, email);
  const { token, statement } = await issueToken(db, {
    purpose: "password_reset",
    owner,
    lifetimeMs: RESET_LINK_LIFETIME_MS,
  });
  const link = `${appUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
  await db.batch([statement, queueEmailToUser(db, owner, passwordResetEmail(link))]);
}

/**
 * Sets the password of the link's account, ends every session of it, spends every other reset link
 * of it, marks its address proven (the link came to it) and starts a new session, all in one batch
 * that acts only if this request spent the link. Returns the account's id and the new session's
 * cookie, or null for a used, expired or made-up link.
 */
export async function resetPassword(
  db: Db,
  auth: Auth,
  token: string,
  password: string,
  device: Device,
  hashN: number,
) {
  // A dead link is refused before the password hash, which is the costly part.
  if (!(await usableToken(db, token, "password_reset"))) return null;
  const passwordHash = await hashPassword(password, hashN);
  const { now, spend, owner } = await spendToken(db, token, "password_reset");
  const account = inArray(users.id, owner);
  const session = newSessionFor(db, auth, account, device);
  const { spent } = await namedBatch(db, {
    spent: spend,
    password: db
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.getTime()})` })
      .where(account),
    signedOut: db.delete(sessions).where(inArray(sessions.userId, owner)),
    session: session.statement,
    revoked: revokeTokens(db, owner, now, "password_reset"),
    email: queueEmailToUser(db, account, passwordChangedEmail()),
  });
  const [row] = spent;
  if (!row) return null;
  return { userId: row.userId, cookie: session.cookieFor(row.userId) };
}
