/** Web Push: what a push carries, the bounds of a device's subscription, and what Settings says. */

/** What the service worker shows (web/sw/service-worker.ts), as JSON in the encrypted body. */
export interface PushPayload {
  title: string;
  body: string;
  /** The page a click opens, on the app's own origin. */
  url: string;
  /** Pushes with the same tag replace each other on the device instead of stacking. */
  tag: string;
}

/** A push's body line: the first line of what it tells of, cut here. */
export const MAX_PUSH_BODY_LENGTH = 140;

/** A notification's push is tagged with this and the notification's id. */
export const NOTIFICATION_PUSH_TAG = "notification-";

/** One tag per chat, so a burst of messages shows as the newest one. */
export const chatPushTag = (chatId: string) => `chat:${chatId}`;

/** The first line of a text, cut to a push's body line. */
export function pushBodyOf(text: string) {
  const line = text.trim().split("\n", 1)[0]!.trim();
  return line.length > MAX_PUSH_BODY_LENGTH ? `${line.slice(0, MAX_PUSH_BODY_LENGTH - 1)}…` : line;
}

/**
 * Push services' endpoints are a few hundred characters (FCM's ~190, Mozilla's ~250, Apple's
 * ~200); anything far longer is not one.
 */
export const MAX_PUSH_ENDPOINT_LENGTH = 1024;
/** A P-256 public key, uncompressed (65 bytes), and a 16-byte secret, both base64url without padding. */
export const PUSH_P256DH_LENGTH = 87;
export const PUSH_AUTH_LENGTH = 22;
/** Devices kept per member: a new one beyond this replaces the one enabled longest ago. */
export const MAX_PUSH_DEVICES = 10;

export const PUSH_OFF = "Push notifications are not set up on this server.";
export const PUSH_ENDPOINT_INVALID = "This browser's push address is not one Crewboard can send to.";
export const PUSH_SERVICE_UNKNOWN =
  "This browser's push service is not one Crewboard sends to: notifications work in Chrome, Edge, Firefox and Safari.";
export const PUSH_KEYS_INVALID = "This browser's push keys are not valid.";
export const PUSH_DEVICE_GONE = "That device no longer gets notifications.";
