import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { outbox, users } from "../db/schema";

export interface Email {
  to: string;
  subject: string;
  body: string;
}

/**
 * Mail is queued in the outbox and echoed to the server log, which is how a local install
 * without any mail account still delivers its verification links. The row is a statement so the
 * e-mail is stored in the same transaction as whatever it tells of; echo it once that committed.
 */
export const queueEmail = (db: Db, email: Email) => db.insert(outbox).values(email);

export function logEmail(email: Email) {
  console.log(`[mail] to ${email.to}: ${email.subject}\n${email.body}`);
}

/**
 * An e-mail to the address of the user `who` selects, read in the same statement, so it goes to
 * the address as it is when the write commits; nobody selected, nothing queued. Returns the row to
 * log once the batch committed.
 */
export const queueEmailToUser = (db: Db, who: SQL, content: Omit<Email, "to">) =>
  db
    .insert(outbox)
    .select(
      db
        .select({
          id: sql<number>`NULL`.as("id"),
          to: users.email,
          subject: sql<string>`${content.subject}`.as("subject"),
          body: sql<string>`${content.body}`.as("body"),
          sentAt: sql<null>`NULL`.as("sentAt"),
          createdAt: sql<number>`${Date.now()}`.as("createdAt"),
        })
        .from(users)
        .where(who),
    )
    .returning({ to: outbox.to, subject: outbox.subject, body: outbox.body });
