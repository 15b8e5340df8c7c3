import type { Client } from "@libsql/client";

const VERIFY_LINK = /\S+\/auth\/verify\?token=\S+/;

/**
 * The verification link in the newest e-mail the app sent to this address, read from its outbox
 * (where e-mails go without a mail account), as a member would click it in their inbox.
 */
export async function latestVerificationLink(db: Client, email: string) {
  const { rows } = await db.execute({
    sql: `SELECT body FROM outbox WHERE "to" = ? ORDER BY id DESC LIMIT 1`,
    args: [email.toLowerCase()],
  });
  const body = rows[0]?.body;
  const link = typeof body === "string" ? VERIFY_LINK.exec(body)?.[0] : undefined;
  if (!link) throw new Error(`no verification e-mail for ${email} in the outbox`);
  return link;
}
