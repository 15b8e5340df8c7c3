/** How the app names a member, in SQL and as text. */
import { sql } from "drizzle-orm";
import { DELETED_MEMBER } from "@core/account-rules";
import type { Db } from "@db/client";

/**
 * What the UI shows as a member's name: the display name, else the e-mail before the @, from a
 * profile joined under `alias`; 'Deleted member' when there is no profile any more.
 */
export const nameOf = (alias: string) =>
  sql<string>`coalesce(${sql.raw(`nullif(${alias}.display_name, ''), substr(${alias}.email, 1, instr(${alias}.email, '@') - 1)`)}, ${DELETED_MEMBER})`;

/** The member's name as the UI shows it (`nameOf`), for text written on their behalf. */
export async function displayName(db: Db, userId: string) {
  const row = await db.get<{ name: string | null }>(
    sql`SELECT ${nameOf("pr")} AS name FROM profiles pr WHERE pr.id = ${userId}`,
  );
  return row?.name ?? "";
}
