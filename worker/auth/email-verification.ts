import { and, eq, gt, inArray, isNull, ne } from "drizzle-orm";
import { namedBatch } from "@db/batch";
import type { Db } from "@db/client";
import { emailTokens, sessions, users } from "@db/schema";
import { queueEmail } from "../mail/outbox";
import { verificationEmail as verificationContent } from "./account-emails";
import { randomToken, sha256Hex } from "./tokens";

const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * The single-use token (stored hashed) and the e-mail carrying its link, as statements to write
 * with the account they confirm.
 */
export async function verificationEmail(db: Db, user: { id: string; email: string }, appUrl: string) {
  const token = randomToken();
  const link = `${appUrl}/auth/verify?token=${encodeURIComponent(token)}`;
  const statements = [
    db.insert(emailTokens).values({
      tokenHash: await sha256Hex(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS),
    }),
    queueEmail(db, { to: user.email, ...verificationContent(link) }),
  ] as const;
  return { statements };
}

/**
 * Spends a token and marks its owner's address verified, and nothing else: no session starts.
 *
 * Whoever set the account's password before the address was proven may not own the address (anyone
 * can sign up with someone else's). The password stands only when the link is opened by a visitor
 * signed in as that very account: then one person holds both the mailbox and the password.
 * Otherwise the password and the account's sessions stop working (until a reset), as a Google
 * sign-in linking to the address does.
 *
 * One batch, one transaction: the conditional update makes a token usable once even when two
 * requests race, and the later statements act only on the account whose token this call spent.
 * Returns false for unknown, used or expired tokens.
 */
export async function consumeVerificationToken(db: Db, token: string, visitorId: string | null): Promise<boolean> {
  const now = new Date();
  const tokenHash = await sha256Hex(token);
  const spentNow = db
    .select({ userId: emailTokens.userId })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.usedAt, now)));
  const unproven = and(inArray(users.id, spentNow), isNull(users.emailVerifiedAt));
  const passwordUnproven = visitorId ? and(unproven, ne(users.id, visitorId)) : unproven;
  const { spent } = await namedBatch(db, {
    spent: db
      .update(emailTokens)
      .set({ usedAt: now })
      .where(and(eq(emailTokens.tokenHash, tokenHash), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)))
      .returning({ userId: emailTokens.userId }),
    signedOut: db
      .delete(sessions)
      .where(inArray(sessions.userId, db.select({ id: users.id }).from(users).where(passwordUnproven))),
    passwordDropped: db.update(users).set({ passwordHash: null }).where(passwordUnproven),
    verified: db.update(users).set({ emailVerifiedAt: now }).where(unproven),
  });
  return spent.length > 0;
}
