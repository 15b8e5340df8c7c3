/** A dismissed suggestion is kept, so neither list ever offers it to the member again. */
import { TRPCError } from "@trpc/server";
import { sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { SUBJECT_NOT_FOUND } from "@core/discovery-rules";
import type { SuggestionKind } from "@core/enums";

/** Dismissing twice keeps one row; a project or member that does not exist is refused, and nothing is written. */
export async function dismissSuggestion(db: Db, memberId: string, kind: SuggestionKind, subjectId: string) {
  const subject =
    kind === "project"
      ? sql`SELECT 1 FROM projects WHERE id = ${subjectId}`
      : sql`SELECT 1 FROM users WHERE id = ${subjectId} AND id <> ${memberId}`;
  const rows = await db.all<{ subject_id: string }>(sql`
    INSERT INTO suggestion_dismissals (member_id, kind, subject_id)
    SELECT ${memberId}, ${kind}, ${subjectId} WHERE EXISTS (${subject})
    ON CONFLICT DO NOTHING
    RETURNING subject_id`);
  if (rows.length === 0) {
    const [exists] = await db.all(subject);
    if (!exists) throw new TRPCError({ code: "NOT_FOUND", message: SUBJECT_NOT_FOUND });
  }
  return { kind, subjectId };
}
