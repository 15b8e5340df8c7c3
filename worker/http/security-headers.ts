/**
 * Security headers, defined once for both hosts. The Hono middleware puts them on everything the
 * app answers (the Node host's pages and every API answer on both hosts); the build writes the same
 * rules into dist/_headers for Workers Static Assets, which serves the pages before the Worker runs.
 */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";

/**
 * The inline theme script in web/index.html (it must run before the first paint), allowed by its
 * hash so that no other inline script can run. A test and the build fail when the script changes.
 */
export const THEME_SCRIPT_HASH = "sha256-llFWVk0S7AonwZDn3NJOAqKbvfMeOcGwYztZ3TPERyk=";

/** Pages whose address carries a secret (the verification token): they send no Referer at all. */
export const NO_REFERRER_PATHS = ["/auth/verify"];

const ONE_YEAR = 365 * 24 * 60 * 60;

/**
 * `partyHost` is where browsers open the chat rooms' sockets (host[:port]); null when the app's
 * own host serves them (the Worker), which 'self' covers, sockets included.
 */
export function contentSecurityPolicy(partyHost: string | null) {
  return [
    "default-src 'self'",
    `script-src 'self' '${THEME_SCRIPT_HASH}'`,
    // Radix and sonner set inline styles; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // Project cards show stock photos, Google members their Google picture.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    // The chat rooms: sockets, and the plain requests partysocket can make beside them.
    [
      "connect-src 'self'",
      ...(partyHost ? ["ws", "wss", "http", "https"].map((scheme) => `${scheme}://${partyHost}`) : []),
    ].join(" "),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** What every response carries, pages and API alike. */
export function securityHeaders(partyHost: string | null, https: boolean): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(partyHost),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    ...(https && { "Strict-Transport-Security": `max-age=${ONE_YEAR}; includeSubDomains` }),
  };
}

/**
 * The same rules in Workers Static Assets' `_headers` format. Pages at the edge are always served
 * over https, so HSTS is included (browsers ignore it over plain http, as in `wrangler dev`).
 */
export function staticAssetHeadersFile(partyHost: string | null) {
  const block = (path: string, lines: string[]) => [path, ...lines.map((line) => `  ${line}`)].join("\n");
  return (
    [
      block(
        "/*",
        Object.entries(securityHeaders(partyHost, true)).map(([name, value]) => `${name}: ${value}`),
      ),
      ...NO_REFERRER_PATHS.map((path) => block(path, ["! Referrer-Policy", "Referrer-Policy: no-referrer"])),
    ].join("\n\n") + "\n"
  );
}

/**
 * Adds the headers to the finished response. API answers are personal (who is signed in, their
 * e-mail, their projects), so no cache may keep them unless a route says otherwise (avatars do).
 */
export const securityHeadersMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const { config } = c.var;
  const https = new URL(c.req.url).protocol === "https:" || config.appUrl.startsWith("https:");
  for (const [name, value] of Object.entries(securityHeaders(config.partyHost, https))) {
    if (!c.res.headers.has(name)) c.header(name, value);
  }
  if (NO_REFERRER_PATHS.includes(c.req.path)) c.header("Referrer-Policy", "no-referrer");
  if (c.req.path.startsWith("/api/") && !c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
});
