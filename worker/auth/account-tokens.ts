import { and, eq, gt, inArray, isNull, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "@db/client";
import type { ACCOUNT_TOKEN_PURPOSES } from "@core/enums";
import { accountTokens, users } from "@db/schema";
import { randomToken, sha256Hex } from "./tokens";

export type TokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/**
 * A new link's token, and the statement storing its hash for the user `owner` selects. An
 * INSERT ... SELECT: when `owner` selects nobody it stores nothing, yet costs the same.
 */
export async function issueToken(
  db: Db,
  {
    purpose,
    owner,
    lifetimeMs,
    newEmail = null,
  }: { purpose: TokenPurpose; owner: SQL; lifetimeMs: number; newEmail?: string | null },
) {
  const token = randomToken();
  const now = Date.now();
  const statement = db.insert(accountTokens).select(
    db
      .select({
        tokenHash: sql<string>`${await sha256Hex(token)}`.as("tokenHash"),
        userId: users.id,
        purpose: sql<TokenPurpose>`${purpose}`.as("purpose"),
        newEmail: sql<string | null>`${newEmail}`.as("newEmail"),
        expiresAt: sql<number>`${now + lifetimeMs}`.as("expiresAt"),
        usedAt: sql<null>`NULL`.as("usedAt"),
        claim: sql<null>`NULL`.as("claim"),
        createdAt: sql<number>`${now}`.as("createdAt"),
      })
      .from(users)
      .where(owner),
  );
  return { token, statement };
}

/**
 * The link's row if it could still be used, else null. A read only, to refuse a dead link before
 * any costly work; `spendToken` decides.
 */
export async function usableToken(db: Db, token: string, purpose: TokenPurpose) {
  const [row] = await db
    .select({ userId: accountTokens.userId, newEmail: accountTokens.newEmail })
    .from(accountTokens)
    .where(usable(await sha256Hex(token), purpose, new Date()));
  return row ?? null;
}

const usable = (tokenHash: string, purpose: TokenPurpose, now: Date) =>
  and(
    eq(accountTokens.tokenHash, tokenHash),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, now),
  );

/**
 * Spending a link, to run first in a batch. `spend` marks the token used if it is unused and
 * unexpired, writing a claim only this request knows; `spent` then selects the token's row for
 * the batch's later statements only if this very request spent it, so of two requests racing
 * with one link exactly one acts, and nothing acts for a used, expired or made-up link.
 */
export async function spendToken(db: Db, token: string, purpose: TokenPurpose) {
  const now = new Date();
  const claim = randomToken();
  const spend = db
    .update(accountTokens)
    .set({ usedAt: now, claim })
    .where(usable(await sha256Hex(token), purpose, now))
    .returning({ userId: accountTokens.userId, newEmail: accountTokens.newEmail });
  const spent = eq(accountTokens.claim, claim);
  return {
    now,
    spend,
    /** The owner's id, for `inArray(x.userId, owner)`: nobody unless this request spent the link. */
    owner: db.select({ id: accountTokens.userId }).from(accountTokens).where(spent),
    spent,
  };
}

/** Every unused link of the users `owner` selects stops working (of one purpose, or all). */
export const revokeTokens = (db: Db, owner: SQLWrapper, now: Date, purpose?: TokenPurpose) =>
  db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        inArray(accountTokens.userId, owner),
        purpose && eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
      ),
    );
