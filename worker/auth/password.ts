import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { Buffer } from "node:buffer";

/**
 * OWASP's scrypt set (N=2^14, r=8, p=5): 16 MiB per hash, well inside a Worker's 128 MiB.
 * The stored string names its parameters so they can rise later without breaking old hashes.
 */
const PARAMS = { N: 2 ** 14, r: 8, p: 5 };
/** OWASP's cost, the least a production host accepts (`PASSWORD_HASH_LOG2_N`, worker/config.ts). */
export const PASSWORD_HASH_LOG2_N = Math.log2(PARAMS.N);
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, N: number, r: number, p: number) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** `N` is the configured cost (`config.passwordHashN`); verifying reads it back from the hash. */
export async function hashPassword(password: string, N = PARAMS.N): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, N, PARAMS.r, PARAMS.p);
  return `scrypt$${N}$${PARAMS.r}$${PARAMS.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  const [algorithm, n, r, p, salt, hash] = stored.split("$");
  if (algorithm !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const key = await derive(password, Buffer.from(salt, "base64"), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A real hash of nothing at the configured cost, checked when the e-mail is unknown so that a wrong
 * e-mail and a wrong password take the same time to answer.
 */
const decoys = new Map<number, Promise<string>>();
export function decoyHash(N = PARAMS.N) {
  let decoy = decoys.get(N);
  if (!decoy) decoys.set(N, (decoy = hashPassword(randomBytes(12).toString("hex"), N)));
  return decoy;
}
