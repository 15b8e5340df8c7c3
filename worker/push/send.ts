/**
 * One push to one device: the payload encrypted for the device's keys (RFC 8291, aes128gcm) and
 * signed for its push service with the server's VAPID key (RFC 8292), by a library built on
 * WebCrypto alone, so the same code runs in the Worker and on Node.
 */
import { buildPushPayload } from "@block65/webcrypto-web-push";
import type { PushPayload } from "@core/push-rules";
import { OutboundRefused, type Outbound } from "../outbound/guard";
import { pushRules } from "./endpoints";
import type { VapidKeys } from "./vapid";

export interface Device {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** How long a push service keeps a push for a device that is off: a day-old message is still news. */
export const PUSH_TTL_S = 24 * 60 * 60;

/**
 * How a push service answered: took it; the device is gone for good (404, 410: the browser dropped
 * the subscription); refused it as it is (another 4xx or a redirect: it will answer the same again;
 * or the guard refused the address or the answer); or could not take it now (5xx, 429, no answer),
 * so it is tried again later.
 */
export type DeviceOutcome =
  { kind: "delivered" } | { kind: "gone" } | { kind: "refused"; error: string } | { kind: "later"; error: string };

/** How a push leaves: the outbound guard, and the hosts the operator added to the known push services. */
export interface PushWay {
  outbound: Outbound;
  operatorHosts: readonly string[];
}

export async function pushToDevice(
  vapid: VapidKeys,
  device: Device,
  payload: PushPayload,
  way: PushWay,
): Promise<DeviceOutcome> {
  const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
  let request: Awaited<ReturnType<typeof buildPushPayload>>;
  try {
    request = await buildPushPayload(
      { data: { ...payload }, options: { ttl: PUSH_TTL_S, urgency: "high" } },
      { endpoint: device.endpoint, expirationTime: null, keys: { p256dh: device.p256dh, auth: device.auth } },
      vapid,
    );
  } catch (error) {
    // Keys or a payload it cannot encrypt for: no later try would do better.
    return { kind: "refused", error: message(error) };
  }
  let response: Response;
  try {
    response = await way.outbound(device.endpoint, request, pushRules(way.operatorHosts));
  } catch (error) {
    return { kind: error instanceof OutboundRefused ? "refused" : "later", error: message(error) };
  }
  const said = (await response.text().catch(() => "")).slice(0, 200);
  if (response.ok) return { kind: "delivered" };
  if (response.status === 404 || response.status === 410) return { kind: "gone" };
  const error = `the push service answered ${response.status}${said ? `: ${said}` : ""}`;
  return response.status === 429 || response.status >= 500 ? { kind: "later", error } : { kind: "refused", error };
}
