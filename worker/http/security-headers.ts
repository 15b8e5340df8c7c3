/**
 * Security headers, defined once for both hosts. The Hono middleware puts them on everything the
 * app answers (the Node host's pages and every API answer on both hosts); the build writes the same
 * rules into dist/_headers for Workers Static Assets, which serves the pages before the Worker runs.
 */
import { createMiddleware } from "hono/factory";
import type { Config } from "../config";
import type { AppEnv } from "../env";

/**
 * The inline theme script in web/index.html (it must run before the first paint), allowed by its
 * hash so that no other inline script can run. A test and the build fail when the script changes.
 */
export const THEME_SCRIPT_HASH = "sha256-llFWVk0S7AonwZDn3NJOAqKbvfMeOcGwYztZ3TPERyk=";

/** Pages whose address carries a secret (the verification token, an unsubscribe signature): they send no Referer at all. */
export const NO_REFERRER_PATHS = ["/auth/verify", "/unsubscribe"];

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
    // The service worker and the web app manifest: the app's own files only (what default-src says,
    // written out so the policy names them).
    "worker-src 'self'",
    "manifest-src 'self'",
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

/** Each host's two sets (plain http and https), built once: every response carries one. */
const builtHeaders = new WeakMap<Config, Record<"http" | "https", [string, string][]>>();

function headersFor(config: Config, https: boolean) {
  let built = builtHeaders.get(config);
  if (!built) {
    built = {
      http: Object.entries(securityHeaders(config.partyHost, false)),
      https: Object.entries(securityHeaders(config.partyHost, true)),
    };
    builtHeaders.set(config, built);
  }
  return https ? built.https : built.http;
}

/**
 * Adds the headers to the finished response. API answers are personal (who is signed in, their
 * e-mail, their projects), so no cache may keep them unless a route says otherwise (avatars do).
 *
 * They go straight onto the response's own headers: `c.header()` after the handler would copy the
 * whole response once per header, and on the Node host turn its ready body into a stream.
 */
export const securityHeadersMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const config = c.get("config");
  const https = c.req.url.startsWith("https:") || config.appUrl.startsWith("https:");
  const headers = c.res.headers;
  for (const [name, value] of headersFor(config, https)) {
    if (!headers.has(name)) headers.set(name, value);
  }
  const path = c.req.path;
  if (NO_REFERRER_PATHS.includes(path)) headers.set("Referrer-Policy", "no-referrer");
  if (path.startsWith("/api/") && !headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
});
