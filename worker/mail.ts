import type { Db } from "../db/client";
import { outbox } from "../db/schema";

export interface Email {
  to: string;
  subject: string;
  body: string;
}

/**
 * Mail is queued in the outbox and echoed to the server log, which is how a local install
 * without any mail account still delivers its verification links.
 */
export async function sendEmail(db: Db, email: Email) {
  await db.insert(outbox).values(email);
  console.log(`[mail] to ${email.to}: ${email.subject}\n${email.body}`);
}
