/** What a session remembers of the device that signed in, for the member's sessions list. */
import Bowser from "bowser";

export interface Device {
  userAgent: string | null;
  country: string | null;
  city: string | null;
}

/** A user agent is the browser's to write: kept short, so a made-up one cannot bloat the table. */
const MAX_USER_AGENT_LENGTH = 512;
const MAX_PLACE_LENGTH = 100;

const bounded = (value: unknown, max: number) =>
  typeof value === "string" && value.trim() ? value.trim().slice(0, max) : null;

/**
 * The browser's user agent, and where it is when the edge says so: Cloudflare puts the country and
 * city it resolved from the IP on `request.cf`. The Node host has no such thing, and we never
 * look an IP up ourselves.
 */
export function deviceOf(request: Request): Device {
  const cf = (request as Request & { cf?: { country?: unknown; city?: unknown } }).cf;
  return {
    userAgent: bounded(request.headers.get("user-agent"), MAX_USER_AGENT_LENGTH),
    country: bounded(cf?.country, MAX_PLACE_LENGTH),
    city: bounded(cf?.city, MAX_PLACE_LENGTH),
  };
}

/** 'Chrome', 'macOS': what a member recognises their device by; null when the agent says nothing known. */
export function browserAndOs(userAgent: string | null) {
  if (!userAgent) return { browser: null, os: null };
  const parsed = Bowser.parse(userAgent);
  return { browser: parsed.browser.name || null, os: parsed.os.name || null };
}
