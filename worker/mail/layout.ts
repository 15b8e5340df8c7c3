/**
 * Every e-mail the app sends, in one layout: a plain-text part that reads well on its own and an
 * HTML part in the product's name and colours. Mail clients ignore stylesheets and most of CSS, so
 * the HTML is tables with inline styles, and the colours are the app's theme (web/styles.css,
 * light) in hex, which every client understands.
 */

export interface EmailContent {
  subject: string;
  /** The plain-text part. */
  body: string;
  html: string;
}

/** Words that open a page: a link in HTML; in text, the words with the address on the next line. */
export interface EmailLink {
  text: string;
  url: string;
}

export interface EmailParts {
  subject: string;
  /** The first line, as a heading in HTML. */
  heading: string;
  paragraphs: string[];
  /** A list of things that happened, each opening its page (a digest's lines). */
  items?: EmailLink[];
  /** The one thing the e-mail asks for: a button in HTML, the bare link on a line of its own in text. */
  action?: { label: string; url: string };
  /** Said after the action, smaller. */
  after?: string[];
  /** Small print that opens a page (settings, unsubscribe), last. */
  links?: EmailLink[];
}

const PRODUCT = "Crewboard";
const COLOURS = {
  primary: "#3b51d3",
  onPrimary: "#ffffff",
  page: "#f3f5f9",
  card: "#ffffff",
  text: "#11161f",
  muted: "#525864",
  border: "#dee1e7",
};
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const paragraph = (text: string, colour: string, size: number) =>
  `<p style="margin:0 0 16px;font-size:${size}px;line-height:1.5;color:${colour}">${escapeHtml(text)}</p>`;

function button({ label, url }: { label: string; url: string }) {
  const href = escapeHtml(url);
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr>` +
    `<td style="border-radius:8px;background:${COLOURS.primary}">` +
    `<a href="${href}" style="display:inline-block;padding:12px 20px;font-size:15px;font-weight:600;` +
    `color:${COLOURS.onPrimary};text-decoration:none;border-radius:8px">${escapeHtml(label)}</a>` +
    `</td></tr></table>` +
    // Some clients strip buttons, and some readers want to see where a link goes.
    paragraph("Or paste this link into your browser:", COLOURS.muted, 13) +
    `<p style="margin:0 0 24px;font-size:13px;line-height:1.5;word-break:break-all">` +
    `<a href="${href}" style="color:${COLOURS.primary}">${href}</a></p>`
  );
}

const itemList = (items: EmailLink[]) =>
  `<ul style="margin:0 0 24px;padding:0;list-style:none">` +
  items
    .map(
      ({ text, url }) =>
        // The whole row opens the page, as a row in the app does.
        `<li style="margin:0 0 10px;border:1px solid ${COLOURS.border};border-radius:8px">` +
        `<a href="${escapeHtml(url)}" style="display:block;padding:12px 16px;font-size:15px;line-height:1.5;` +
        `color:${COLOURS.text};text-decoration:none">${escapeHtml(text)}</a></li>`,
    )
    .join("") +
  `</ul>`;

const smallLink = ({ text, url }: EmailLink) =>
  `<p style="margin:0 0 8px;font-size:13px;line-height:1.5">` +
  `<a href="${escapeHtml(url)}" style="color:${COLOURS.muted}">${escapeHtml(text)}</a></p>`;

export function composeEmail({
  subject,
  heading,
  paragraphs,
  items = [],
  action,
  after = [],
  links = [],
}: EmailParts): EmailContent {
  const body = [
    heading,
    ...paragraphs,
    ...(items.length ? [items.map(({ text, url }) => `- ${text}\n  ${url}`).join("\n")] : []),
    ...(action ? [`${action.label}:\n${action.url}`] : []),
    ...after,
    ...links.map(({ text, url }) => `${text}:\n${url}`),
    `— ${PRODUCT}`,
  ].join("\n\n");
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:${COLOURS.page};font-family:${FONT}">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLOURS.page}"><tr>` +
    `<td align="center" style="padding:32px 16px">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px">` +
    `<tr><td style="padding:0 0 16px;font-size:20px;font-weight:700;color:${COLOURS.primary}">${PRODUCT}</td></tr>` +
    `<tr><td style="background:${COLOURS.card};border:1px solid ${COLOURS.border};border-radius:12px;padding:32px">` +
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${COLOURS.text}">${escapeHtml(heading)}</h1>` +
    paragraphs.map((text) => paragraph(text, COLOURS.text, 15)).join("") +
    (items.length ? itemList(items) : "") +
    (action ? button(action) : "") +
    after.map((text) => paragraph(text, COLOURS.muted, 13)).join("") +
    links.map(smallLink).join("") +
    `</td></tr>` +
    `<tr><td style="padding:16px 0 0;font-size:12px;color:${COLOURS.muted}">` +
    `You receive this e-mail because of your ${PRODUCT} account.</td></tr>` +
    `</table></td></tr></table></body></html>`;
  return { subject, body: `${body}\n`, html };
}
