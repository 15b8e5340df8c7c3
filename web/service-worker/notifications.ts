/**
 * What the service worker makes of a push and of a click on its notification, apart from the
 * worker's globals so it reads (and is tested) as plain functions. The payload is the server's
 * `PushPayload` (core/push-rules.ts).
 */
import type { PushPayload } from "@core/push-rules";

const FALLBACK: PushPayload = { title: "Crewboard", body: "Something new is waiting for you.", url: "/", tag: "" };

const text = (value: unknown, fallback: string) => (typeof value === "string" && value ? value : fallback);

/**
 * The notification a push shows. A push that cannot be read still shows one: a browser allows
 * pushes only on the promise that each shows something.
 */
export function readPush(data: string | null): PushPayload {
  let parsed: Partial<Record<keyof PushPayload, unknown>> = {};
  try {
    parsed = data ? (JSON.parse(data) as typeof parsed) : {};
  } catch {
    // Shown as the fallback.
  }
  return {
    title: text(parsed.title, FALLBACK.title),
    body: text(parsed.body, FALLBACK.body),
    url: text(parsed.url, FALLBACK.url),
    tag: text(parsed.tag, FALLBACK.tag),
  };
}

/** The page a click opens: the payload's path on the app's own origin, never another site. */
export function clickTarget(url: unknown, origin: string) {
  try {
    const target = new URL(typeof url === "string" ? url : "/", origin);
    return target.origin === origin ? target.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

interface WindowLike {
  readonly url: string;
  readonly focused: boolean;
}

/** The open Crewboard window to bring forward: the focused one, else the first; none means open one. */
export function windowToUse<W extends WindowLike>(windows: readonly W[], origin: string) {
  const ours = windows.filter((w) => w.url.startsWith(`${origin}/`));
  return ours.find((w) => w.focused) ?? ours[0] ?? null;
}
