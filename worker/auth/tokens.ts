import { toBase64Url } from "./base64url";

/** 32 random bytes, URL-safe: the secret an e-mailed link carries. */
export const randomToken = () => toBase64Url(crypto.getRandomValues(new Uint8Array(32)));

/** What the database keeps of a token: whoever reads the table cannot use the link. */
export async function sha256Hex(value: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
