/**
 * Suspending a member and reinstating them. A suspended account signs in nowhere ('This account is
 * suspended.'), every session of it ends at once (deleted here, and refused by the session check
 * whatever starts meanwhile: worker/auth/lucia.ts), and its projects leave every list.
 */
import { TRPCError } from "@trpc/server";
import { eq, sql, type SQLWrapper } from "drizzle-orm";
import { namedBatch } from "@db/batch";
import type { Db } from "@db/client";
import { MEMBER_NOT_FOUND } from "@core/friend-rules";
import { ALREADY_SUSPENDED, NOT_SUSPENDED } from "@core/safety-rules";
import { users } from "@db/schema";
import { auditRow, type Administrator } from "./audit";

/**
 * Holds while `memberId` (an id or a column) is not suspended. The suspended are few, read once per
 * statement through their partial index, so each candidate row costs a lookup in that small set.
 */
export const notSuspended = (memberId: string | SQLWrapper) =>
  sql`${memberId} NOT IN (SELECT id FROM users WHERE suspended_at IS NOT NULL)`;

export async function isSuspended(db: Db, memberId: string) {
  const [row] = await db.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, memberId));
  return Boolean(row?.suspendedAt);
}

const accountIs = (memberId: string, state: "active" | "suspended") =>
  sql`EXISTS (SELECT 1 FROM users WHERE id = ${memberId} AND suspended_at IS ${sql.raw(state === "active" ? "NULL" : "NOT NULL")})`;

/** Why a suspension or reinstatement did nothing: no such member, or already so. */
async function refusal(db: Db, memberId: string, already: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, memberId));
  return row
    ? new TRPCError({ code: "CONFLICT", message: already })
    : new TRPCError({ code: "NOT_FOUND", message: MEMBER_NOT_FOUND });
}

/** The open reports against the member are settled by it. */
export async function suspendMember(
  db: Db,
  admin: Administrator,
  memberId: string,
  reason: string,
  reportId: string | null,
) {
  const active = accountIs(memberId, "active");
  const now = Date.now();
  const { audited } = await namedBatch(db, {
    audited: auditRow(db, admin, { action: "suspend", memberId, reportId, reason }, active),
    reports: db.run(sql`UPDATE reports SET status = 'actioned', resolved_at = ${now}
      WHERE target_member_id = ${memberId} AND status = 'open' AND ${active}`),
    signedOut: db.run(sql`DELETE FROM sessions WHERE user_id = ${memberId} AND ${active}`),
    suspended: db.run(sql`UPDATE users SET suspended_at = ${now} WHERE id = ${memberId} AND suspended_at IS NULL`),
  });
  if (audited.length === 0) throw await refusal(db, memberId, ALREADY_SUSPENDED);
}

export async function reinstateMember(db: Db, admin: Administrator, memberId: string, reason: string) {
  const { audited } = await namedBatch(db, {
    audited: auditRow(db, admin, { action: "reinstate", memberId, reason }, accountIs(memberId, "suspended")),
    reinstated: db.run(sql`UPDATE users SET suspended_at = NULL WHERE id = ${memberId} AND suspended_at IS NOT NULL`),
  });
  if (audited.length === 0) throw await refusal(db, memberId, NOT_SUSPENDED);
}
