/**
 * What the property tests over every procedure's input build on (worker/routers/*.property.test.ts):
 * texts with control characters, the places in a valid input where something else could go, and a
 * signed-in caller that stays signed in whatever the last call did.
 */
import fc from "fast-check";
import { afterAll, beforeAll } from "vitest";
import { accessWorld, type World } from "./access-world";
import type { Browser } from "./calls";
import type { TestApp, TestMember } from "./harness";

export const controlText = fc.string({
  unit: fc.oneof(
    fc.constantFrom("\u0000", "\u0007", "\u001b", "\r", "\u007f", "\u0085", "\u2028", "\n", "\t"),
    fc.string({ minLength: 1, maxLength: 1 }),
  ),
});

export type Path = (string | number)[];

/** Every place in a value where something else could be sent instead, the value itself included. */
export function paths(value: unknown, prefix: Path = []): Path[] {
  const inner =
    Array.isArray(value) || (value !== null && typeof value === "object" && !(value instanceof FormData))
      ? Object.entries(value).flatMap(([key, v]) => paths(v, [...prefix, Array.isArray(value) ? Number(key) : key]))
      : [];
  return [prefix, ...inner];
}

export const valueAt = (value: unknown, path: Path) => path.reduce<unknown>((v, key) => (v as never)[key], value);

export function replaceAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [key, ...rest] = path;
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[key!] = replaceAt(copy[key!], rest, replacement);
  return copy;
}

/** A signed-in caller, signed in again when a call (sign-out, sign-up) changed that. */
export async function signedIn(m: TestMember): Promise<Browser> {
  const me = await m.trpc.auth.me.query();
  if (me?.id !== m.me.id) await m.trpc.auth.signIn.mutate({ email: m.email, password: m.password });
  return m;
}

/** A new client address per call: limits per address would refuse the rest unread. */
export function freshAddresses(setClientIp: (ip: string) => void) {
  let used = 0;
  return () => {
    used++;
    setClientIp(`198.51.${(used >> 8) & 255}.${used & 255}`);
  };
}

/**
 * The access world a property file calls into, built once for the file, with a new client address
 * for each call: read its fields inside tests, once `beforeAll` has filled them.
 */
export function propertyWorld() {
  const world = {} as { t: TestApp; w: World; newAddress: () => void };
  let close = async () => {};
  beforeAll(async () => {
    const built = await accessWorld();
    close = built.close;
    Object.assign(world, { t: built.t, w: built.w, newAddress: freshAddresses(built.t.setClientIp) });
  });
  afterAll(() => close());
  return world;
}
