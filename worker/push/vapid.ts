/**
 * The server's VAPID identity (RFC 8292): the key pair push services know it by, and the contact
 * they may write to. Locally `worker/local.ts` generates the keys once into `.data/secrets.json`;
 * at the edge they are secrets. Without them push is off, and Settings says so.
 */
import type { EnvVars } from "../config";
import { toBase64Url } from "../auth/base64url";

export interface VapidKeys {
  /** The uncompressed P-256 point (65 bytes), base64url: browsers subscribe with it. */
  publicKey: string;
  /** The private scalar `d` (32 bytes), base64url. */
  privateKey: string;
  /** `mailto:` or `https:`, where a push service may reach whoever runs this server. */
  subject: string;
}

const fromBase64Url = (text: string) =>
  Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));

function decodes(text: string, bytes: number) {
  try {
    return fromBase64Url(text).length === bytes;
  } catch {
    return false;
  }
}

/**
 * The keys from `VAPID_PUBLIC_KEY` and `VAPID_PRIVATE_KEY`, or null (push off). `VAPID_SUBJECT`
 * defaults to the app's own origin, which push services accept as the `https:` contact it is
 * in production.
 */
export function readVapid(env: EnvVars, appUrl: string): VapidKeys | null {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  if (!publicKey && !privateKey) return null;
  if (!publicKey || !privateKey)
    throw new Error("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all");
  if (!decodes(publicKey, 65) || fromBase64Url(publicKey)[0] !== 4) {
    throw new Error("VAPID_PUBLIC_KEY must be an uncompressed P-256 public key, base64url (scripts/vapid-keys.ts)");
  }
  if (!decodes(privateKey, 32)) {
    throw new Error("VAPID_PRIVATE_KEY must be a P-256 private key, base64url (scripts/vapid-keys.ts)");
  }
  const subject = env.VAPID_SUBJECT || appUrl;
  if (!/^(mailto:|https?:\/\/)/.test(subject)) throw new Error("VAPID_SUBJECT must be a mailto: or https: URL");
  return { publicKey, privateKey, subject };
}

/** A new key pair, in the form `readVapid` takes. */
export async function generateVapidKeys() {
  const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
  const [publicKey, { d }] = await Promise.all([
    crypto.subtle.exportKey("raw", pair.publicKey),
    crypto.subtle.exportKey("jwk", pair.privateKey),
  ]);
  return { publicKey: toBase64Url(publicKey), privateKey: d! };
}
