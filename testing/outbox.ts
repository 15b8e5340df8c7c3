import type { Client } from "@libsql/client";

/**
 * The link to `path` in the newest e-mail the app sent to this address that carries one, read from
 * its outbox (where e-mails go without a mail account), as a member would click it in their inbox.
 */
export async function latestLink(db: Client, email: string, path: string) {
  const { rows } = await db.execute({
    sql: `SELECT body FROM outbox WHERE "to" = ? ORDER BY id DESC`,
    args: [email.toLowerCase()],
  });
  const link = rows.map(({ body }) => (typeof body === "string" ? linkIn(body, path) : undefined)).find(Boolean);
  if (!link) throw new Error(`no e-mail for ${email} with a link to ${path} in the outbox`);
  return link;
}

/** The link to `path` (`/auth/verify`) with a token in an e-mail's text, if it has one. */
export const linkIn = (text: string, path: string) =>
  new RegExp(`\\S+${path.replaceAll("/", "\\/")}\\?token=\\S+`).exec(text)?.[0];

export const latestVerificationLink = (db: Client, email: string) => latestLink(db, email, "/auth/verify");
