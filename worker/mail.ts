import type { Db } from "../db/client";
import { outbox } from "../db/schema";

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
