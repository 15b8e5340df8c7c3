import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailTokens, users } from "../../db/schema";
import { queueEmail } from "../mail";

const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

async function sha256Hex(value: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function randomToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

/**
 * The single-use token (stored hashed) and the e-mail carrying its link, as statements to write
 * with the account they confirm; the e-mail is logged once they are.
 */
export async function verificationEmail(db: Db, user: { id: string; email: string }, appUrl: string) {
  const token = randomToken();
  const link = `${appUrl}/auth/verify?token=${encodeURIComponent(token)}`;
  const email = {
    to: user.email,
    subject: "Confirm your Crewboard e-mail address",
    body: `Welcome to Crewboard!\n\nConfirm your e-mail address by opening this link within 24 hours:\n${link}\n`,
  };
  const statements = [
    db.insert(emailTokens).values({
      tokenHash: await sha256Hex(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS),
    }),
    queueEmail(db, email),
  ] as const;
  return { statements, email };
}

/**
 * Spends a token and marks its owner's e-mail verified. The conditional update makes a token
 * usable once even when two requests race; the user id is null for unknown, used or expired ones.
 */
export async function consumeVerificationToken(db: Db, token: string): Promise<string | null> {
  const now = new Date();
  const [spent] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, await sha256Hex(token)),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailTokens.userId });
  if (!spent) return null;
  await db
    .update(users)
    .set({ emailVerifiedAt: now })
    .where(and(eq(users.id, spent.userId), isNull(users.emailVerifiedAt)));
  return spent.userId;
}
