/**
 * The local mailbox (`/dev/mailbox`): with no mail transport configured, e-mails only reach the
 * server log and the outbox table, so a newcomer on `npm start` reads them here and clicks their
 * links. Never in production, and never once e-mail really leaves: then it is a 404 like any unknown
 * path, so no deployment can show one member's links to another.
 */
import { desc } from "drizzle-orm";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { outbox } from "@db/schema";
import type { AppEnv } from "../env";

export const MAILBOX_PATH = "/dev/mailbox";
const SHOWN = 50;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The text part, with the app's own links clickable; e-mails carry no other kind, but nothing else is linked. */
function bodyHtml(text: string, appUrl: string) {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) =>
    url.startsWith(`${escapeHtml(appUrl)}/`) ? `<a href="${url}">${url}</a>` : url,
  );
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#11161f}
h1{color:#3b51d3}article{border:1px solid #dee1e7;border-radius:12px;padding:1rem 1.25rem;margin:1rem 0}
h2{font-size:1.05rem;margin:0 0 .25rem}p.meta{color:#525864;font-size:13px;margin:0 0 .75rem}
pre{white-space:pre-wrap;font:inherit;margin:0}a{color:#3b51d3;word-break:break-all}
:root{color-scheme:light dark}@media (prefers-color-scheme:dark){body{background:#0b0e14;color:#e6e8ee}
h1,a{color:#8ea0ff}article{border-color:#2a2f3a}p.meta{color:#a3a9b5}}`;

export const mailboxRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const { config, mailer, db } = c.var;
  if (config.production || mailer.delivers) throw new HTTPException(404, { message: "Not found" });
  const mails = await db.select().from(outbox).orderBy(desc(outbox.id)).limit(SHOWN);
  const items = mails.map(
    (mail) =>
      `<article><h2>${escapeHtml(mail.subject)}</h2>` +
      `<p class="meta">To ${escapeHtml(mail.to)} · ${mail.createdAt.toISOString()}</p>` +
      // Headers a mail client acts on (a digest's List-Unsubscribe), as it would see them.
      Object.entries(mail.headers ?? {})
        .map(([name, value]) => `<p class="meta">${escapeHtml(name)}: ${escapeHtml(value)}</p>`)
        .join("") +
      `<pre>${bodyHtml(mail.body, config.appUrl)}</pre></article>`,
  );
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mailbox · Crewboard</title>` +
      `<meta name="viewport" content="width=device-width, initial-scale=1"><style>${STYLE}</style></head><body>` +
      `<main><h1>Mailbox</h1><p>E-mails this server sent, newest first. No mail transport is configured, so ` +
      `they went nowhere else (README, "Configuration").</p>` +
      (items.length ? items.join("") : "<p>No e-mails yet.</p>") +
      `</main></body></html>`,
  );
});
