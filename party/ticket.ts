/**
 * Short-lived tickets that let a member's browser into one room. The API signs them only for a
 * current participant (a chat room) or for the member themself (their member room); the Worker
 * checks them before the socket reaches the room. WebCrypto only, so the same code runs in Node
 * and in workerd.
 */
export type RoomKind = "chat-room" | "member-room";

export interface TicketClaims {
  userId: string;
  room: RoomKind;
  /** The chat id for a chat room, the member's id for a member room. */
  name: string;
}

export const TICKET_LIFETIME_MS = 5 * 60 * 1000;

const encoder = new TextEncoder();

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");

const fromBase64Url = (text: string) => atob(text.replaceAll("-", "+").replaceAll("_", "/"));

/** HMAC-SHA256 of `payload`, URL-safe base64: also signs the digest's unsubscribe links (worker/notifications/unsubscribe.ts). */
export async function hmac(secret: string, payload: string) {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return toBase64Url(new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(payload))));
}

export function constantTimeEqual(a: string, b: string) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export async function signTicket(secret: string, claims: TicketClaims, now = Date.now()) {
  if (!secret) throw new Error("no room secret to sign tickets with");
  const payload = toBase64Url(
    encoder.encode(JSON.stringify({ u: claims.userId, r: claims.room, n: claims.name, e: now + TICKET_LIFETIME_MS })),
  );
  return `${payload}.${await hmac(secret, payload)}`;
}

/**
 * The member's id when the ticket is genuine, unexpired and for exactly this room; else null.
 * Without a secret nothing is genuine: a room that was started unconfigured refuses everyone.
 */
export async function verifyTicket(
  secret: string | undefined,
  ticket: string,
  room: RoomKind,
  name: string,
  now = Date.now(),
): Promise<string | null> {
  if (!secret) return null;
  const [payload, signature, ...rest] = ticket.split(".");
  if (!payload || !signature || rest.length) return null;
  if (!constantTimeEqual(signature, await hmac(secret, payload))) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(fromBase64Url(payload));
  } catch {
    return null;
  }
  const { u, r, n, e } = (claims ?? {}) as Record<string, unknown>;
  if (typeof u !== "string" || r !== room || n !== name || typeof e !== "number" || e <= now) return null;
  return u;
}
