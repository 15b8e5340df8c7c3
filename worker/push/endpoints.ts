/**
 * Which endpoints pushes go to: an address on a known push service (the ones browsers subscribe
 * with), or on a host the operator added with `PUSH_ENDPOINT_HOSTS` (a self-hosted push service, the
 * tests' stand-in), and one the outbound guard would send to. `push.subscribe` stores no other, and
 * the dispatcher drops a stored device that fails it (one stored before the rule, or before the
 * operator took a host off the list) instead of sending to it.
 */
import { PUSH_ENDPOINT_INVALID, PUSH_SERVICE_UNKNOWN } from "@core/push-rules";
import { checkDestination, hostIn, hostOf, OutboundRefused, type OutboundRules } from "../outbound/guard";

/** Chrome's (Google's FCM), Firefox's (Mozilla's autopush), Edge's (Microsoft's WNS) and Safari's (Apple's). */
export const KNOWN_PUSH_SERVICES = [
  "fcm.googleapis.com",
  "updates.push.services.mozilla.com",
  "*.notify.windows.com",
  "web.push.apple.com",
] as const;

/** Longest wait for a push service's answer; past it the push is tried again later. */
const PUSH_TIMEOUT_MS = 10_000;
/** A push service answers with a status and a line at most: more is not one. */
const PUSH_ANSWER_MAX_BYTES = 16 * 1024;

/** How pushes leave: to the operator's hosts as the guard trusts them, never following a redirect. */
export const pushRules = (operatorHosts: readonly string[]): OutboundRules => ({
  trustedHosts: operatorHosts,
  maxRedirects: 0,
  timeoutMs: PUSH_TIMEOUT_MS,
  maxBytes: PUSH_ANSWER_MAX_BYTES,
});

/** Why pushes may not go to `endpoint`, in the words the member is shown, or null when they may. */
export function pushEndpointProblem(endpoint: string, operatorHosts: readonly string[]) {
  try {
    const { url } = checkDestination(endpoint, operatorHosts);
    return hostIn(hostOf(url), [...KNOWN_PUSH_SERVICES, ...operatorHosts]) ? null : PUSH_SERVICE_UNKNOWN;
  } catch (error) {
    if (error instanceof OutboundRefused) return PUSH_ENDPOINT_INVALID;
    throw error;
  }
}
