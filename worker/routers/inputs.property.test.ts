/**
 * Property-based input tests over every procedure of the router: arbitrary JSON, text with control
 * characters, huge and non-finite numbers, deep nesting, and valid inputs with one part replaced by
 * any of those. Whatever arrives, the answer is never a 5xx, and a refused call changes no row.
 */
import fc from "fast-check";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessRules } from "@testing/access-table";
import { accessWorld, type World } from "@testing/access-world";
import { callProcedure, procedures, tableDigests, type Browser } from "@testing/calls";
import { TEST_ORIGIN, type TestApp, type TestMember } from "@testing/harness";

const RUNS = 40;
/** Many calls per test, on a machine that may be busy with other work. */
const TIMEOUT_MS = 120_000;

let t: TestApp;
let w: World;
let close: () => Promise<void>;
let ips = 0;
beforeAll(async () => {
  ({ t, w, close } = await accessWorld());
});
afterAll(() => close());

const controlText = fc.string({
  unit: fc.oneof(
    fc.constantFrom("\u0000", "\u0007", "\u001b", "\r", "\u007f", "\u0085", "\u2028", "\n", "\t"),
    fc.string({ minLength: 1, maxLength: 1 }),
  ),
});
const hugeNumber = fc.oneof(
  fc.constantFrom(Number.MAX_VALUE, -Number.MAX_VALUE, Number.MAX_SAFE_INTEGER + 2, 1e21, NaN, Infinity, -Infinity, -0),
  fc.double(),
  fc.bigInt(),
);
const nest = (depth: number, leaf: unknown) => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};
const deep = fc
  .tuple(fc.integer({ min: 20, max: 500 }), fc.jsonValue({ maxDepth: 1 }))
  .map(([d, leaf]) => nest(d, leaf));
const anything = fc.oneof(controlText, hugeNumber, deep, fc.jsonValue(), fc.constant(undefined), fc.constant(null));

type Path = (string | number)[];

/** Every place in a value where something else could be sent instead, the value itself included. */
function paths(value: unknown, prefix: Path = []): Path[] {
  const inner =
    Array.isArray(value) || (value !== null && typeof value === "object" && !(value instanceof FormData))
      ? Object.entries(value).flatMap(([key, v]) => paths(v, [...prefix, Array.isArray(value) ? Number(key) : key]))
      : [];
  return [prefix, ...inner];
}

function replaceAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [key, ...rest] = path;
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[key!] = replaceAt(copy[key!], rest, replacement);
  return copy;
}

/** The client refuses to send what superjson will not serialize (prototype keys): raw bodies cover those. */
const sendable = (input: unknown) => {
  try {
    superjson.serialize(input);
    return true;
  } catch {
    return false;
  }
};

/** A valid input (from the access table) with one part swapped for junk, or junk altogether. */
function inputs(valid: unknown) {
  const places = paths(valid);
  return fc
    .oneof(
      anything,
      fc.constantFrom(...places).chain((path) => anything.map((junk) => replaceAt(valid, path, junk))),
      // Control characters in each text of an otherwise valid input.
      fc.constantFrom(...places).chain((path) => controlText.map((text) => replaceAt(valid, path, `${text}\u0000`))),
    )
    .filter(sendable);
}

/** A signed-in caller, signed in again when a call (sign-out, sign-up) changed that. */
async function signedIn(m: TestMember): Promise<Browser> {
  const me = await m.trpc.auth.me.query();
  if (me?.id !== m.me.id) await m.trpc.auth.signIn.mutate({ email: m.email, password: m.password });
  return m;
}

describe.each(Object.keys(procedures))("%s", (path) => {
  it.runIf(accessRules[path])(
    "never answers 5xx, and a refusal changes nothing",
    async () => {
      const { input: valid, party } = await accessRules[path]!.arrange(w);
      await fc.assert(
        fc.asyncProperty(inputs(valid), fc.boolean(), async (input, anonymous) => {
          // A new address per call: limits per address would refuse the rest unread.
          t.setClientIp(`198.51.${(++ips >> 8) & 255}.${ips & 255}`);
          const caller = anonymous ? t.browser() : await signedIn(party);
          const before = await tableDigests(t.db);
          const { code, status } = await callProcedure(caller, path, input);
          expect(status, `${path} answered ${code}`).toBeLessThan(500);
          if (code !== "ok") expect(await tableDigests(t.db)).toEqual(before);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );

  it.runIf(accessRules[path])(
    "refuses a control character in any of its texts, changing nothing",
    async () => {
      const { input: valid, party } = await accessRules[path]!.arrange(w);
      const texts = paths(valid).filter(
        (place) => typeof place.reduce<unknown>((v, key) => (v as never)[key], valid) === "string",
      );
      if (texts.length === 0) return;
      const forbidden = fc.constantFrom("\u0000", "\u0001", "\u0008", "\u000b", "\u001b", "\r", "\u007f", "\u009b");
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...texts), forbidden, fc.nat(), async (place, character, at) => {
          t.setClientIp(`198.51.${(++ips >> 8) & 255}.${ips & 255}`);
          const text = place.reduce<unknown>((v, key) => (v as never)[key], valid) as string;
          const position = at % (text.length + 1);
          const input = replaceAt(valid, place, text.slice(0, position) + character + text.slice(position));
          const caller = await signedIn(party);
          const before = await tableDigests(t.db);
          expect(await callProcedure(caller, path, input)).toEqual({ code: "BAD_REQUEST", status: 400 });
          expect(await tableDigests(t.db)).toEqual(before);
        }),
        { numRuns: 15 },
      );
    },
    TIMEOUT_MS,
  );
});

describe("raw bodies no client would send", () => {
  it.each([
    ["nesting 100 000 deep", `{"json":${"[".repeat(100_000)}${"]".repeat(100_000)}}`],
    ["broken JSON", '{"json":{"title":'],
    ["superjson meta pointing at nothing", '{"json":{"id":"x"},"meta":{"values":{"a.b.c":["Date"]}}}'],
    ["superjson meta asking for a class", '{"json":{"id":"x"},"meta":{"values":{"id":[["class","Nope"]]}}}'],
    ["a prototype key", '{"json":{"__proto__":{"isPro":true},"id":"x"}}'],
    ["a prototype key deep down", '{"json":{"title":{"":{"prototype":0}},"constructor":{"prototype":{"x":1}}}}'],
  ])("answers %s without a 5xx, changing nothing", async (_, body) => {
    const m = await signedIn(await w.side());
    const before = await tableDigests(t.db);
    for (const path of ["projects.create", "profiles.update", "contact.send", "auth.signUp"]) {
      const response = await m.request(`${TEST_ORIGIN}/api/trpc/${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
      });
      expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(500);
    }
    expect(await tableDigests(t.db)).toEqual(before);
  });
});
