/** What visitors send through the contact form, kept for the team to answer by e-mail. */
import type { Db } from "@db/client";
import { contactMessages } from "@db/schema";

export async function storeContactMessage(db: Db, message: typeof contactMessages.$inferInsert) {
  await db.insert(contactMessages).values(message);
}
