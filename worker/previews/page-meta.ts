/**
 * What a web page says about itself in its <head>: the Open Graph and Twitter meta tags, the
 * description, and the title. A bounded scan of the tags, not an HTML parser: the head is all a
 * card needs, and the Worker's bundle has a size budget. Everything read is text, entities decoded,
 * and only ever rendered as text.
 */

export interface PageMeta {
  title: string | null;
  description: string | null;
  siteName: string | null;
  /** Absolute http(s) address of the page's picture. */
  image: string | null;
}

/** How much of a page is scanned: a head longer than this is not one worth reading. */
const SCANNED_CHARS = 256 * 1024;
const MAX_TITLE = 200;
const MAX_DESCRIPTION = 300;
const MAX_SITE_NAME = 80;

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string) {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (entity, name: string) => {
    if (name[0] !== "#") return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
    const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : entity;
  });
}

/** Entities decoded, control characters and runs of space made one space, cut to `max` characters. */
function clean(text: string | undefined, max: number) {
  if (text === undefined) return null;
  const plain = decodeEntities(text)
    .replace(/[\p{Cc}\s]+/gu, " ")
    .trim();
  if (!plain) return null;
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain;
}

const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function attributesOf(tag: string) {
  const attributes = new Map<string, string>();
  for (const [, name, ...values] of tag.matchAll(ATTRIBUTE)) {
    const key = name!.toLowerCase();
    if (!attributes.has(key)) attributes.set(key, values.find((v) => v !== undefined) ?? "");
  }
  return attributes;
}

/** An http(s) address, relative ones read against the page's own. */
function absolute(address: string | null, page: URL) {
  if (!address || !URL.canParse(address, page)) return null;
  const url = new URL(address, page);
  return /^https?:$/.test(url.protocol) ? url.href : null;
}

export function pageMeta(html: string, page: URL): PageMeta {
  const head = html
    .slice(0, SCANNED_CHARS)
    .split(/<\/head\s*>|<body[\s>]/i)[0]!
    // What is inside these is not the page's tags, whatever it looks like.
    .replace(/<!--[\s\S]*?(?:-->|$)|<(script|style|noscript|template)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, " ");
  const meta = new Map<string, string>();
  for (const [tag] of head.matchAll(/<meta\b[^>]*>/gi)) {
    const attributes = attributesOf(tag.slice(5, -1));
    const key = (attributes.get("property") ?? attributes.get("name"))?.toLowerCase();
    const content = attributes.get("content");
    if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
  }
  const title = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(head)?.[1];
  const first = (...keys: string[]) => keys.map((key) => meta.get(key)).find((value) => value?.trim());
  return {
    title: clean(first("og:title", "twitter:title") ?? title, MAX_TITLE),
    description: clean(first("og:description", "twitter:description", "description"), MAX_DESCRIPTION),
    siteName: clean(first("og:site_name", "application-name"), MAX_SITE_NAME),
    image: absolute(clean(first("og:image:secure_url", "og:image", "og:image:url", "twitter:image"), 2048), page),
  };
}
