/**
 * Short-lived tickets that let a member's browser into one chat room. The API signs them for
 * current participants only; the room checks them before accepting the socket. WebCrypto only,
 * so the same code runs in Node, the Worker and the PartyKit runtime.
 */
const encoder = new TextEncoder();

function toBase64Url(bytes: ArrayBuffer) {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

async function hmac(secret: string, payload: string) {
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return toBase64Url(await crypto.subtle.sign("HMAC", key, encoder.encode(payload)));
}

function constantTimeEqual(a: string, b: string) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export const ROOM_TOKEN_LIFETIME_MS = 5 * 60 * 1000;

export async function signRoomToken(secret: string, userId: string, chatId: string, now = Date.now()) {
  const payload = `${userId}.${chatId}.${now + ROOM_TOKEN_LIFETIME_MS}`;
  return `${payload}.${await hmac(secret, payload)}`;
}

/** The member's user id when the token is genuine, unexpired and for this chat; else null. */
export async function verifyRoomToken(secret: string, token: string, chatId: string, now = Date.now()) {
  const parts = token.split(".");
  if (parts.length !== 4) return null;
  const [userId, tokenChatId, expiresAt, signature] = parts as [string, string, string, string];
  if (tokenChatId !== chatId || !(Number(expiresAt) > now)) return null;
  const expected = await hmac(secret, `${userId}.${tokenChatId}.${expiresAt}`);
  return constantTimeEqual(signature, expected) ? userId : null;
}
