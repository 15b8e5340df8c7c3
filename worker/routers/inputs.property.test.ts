/**
 * Junk in every procedure's input never gets a 5xx, and a refused call changes no row: arbitrary
 * JSON, text with control characters, huge and non-finite numbers, deep nesting, and valid inputs
 * with one part replaced by any of those; and raw bodies no client would send.
 * (control-characters.property.test.ts holds each text to its rule.)
 */
import fc from "fast-check";
import superjson from "superjson";
import { describe, expect, it } from "vitest";
import { accessRules } from "@testing/access-table";
import { callProcedure, procedures, tableDigests, tableWatch } from "@testing/calls";
import { TEST_ORIGIN } from "@testing/harness";
import { controlText, paths, propertyWorld, replaceAt, signedIn } from "@testing/input-shapes";

const world = propertyWorld();

const RUNS = 40;
/** Many calls per test, on a machine that may be busy with other work. */
const TIMEOUT_MS = 120_000;

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

describe.each(Object.keys(procedures))("%s", (path) => {
  it.runIf(accessRules[path])(
    "never answers 5xx, and a refusal changes nothing",
    async () => {
      const { input: valid, party } = await accessRules[path]!.arrange(world.w);
      const tables = await tableWatch(world.t.db);
      await fc.assert(
        fc.asyncProperty(inputs(valid), fc.boolean(), async (input, anonymous) => {
          world.newAddress();
          const caller = anonymous ? world.t.browser() : await signedIn(party);
          const before = await tables();
          const { code, status } = await callProcedure(caller, path, input);
          expect(status, `${path} answered ${code}`).toBeLessThan(500);
          if (code !== "ok") expect(await tables()).toEqual(before);
        }),
        { numRuns: RUNS },
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
    const m = await signedIn(await world.w.side());
    const before = await tableDigests(world.t.db);
    for (const path of ["projects.create", "profiles.update", "contact.send", "auth.signUp"]) {
      const response = await m.request(`${TEST_ORIGIN}/api/trpc/${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
      });
      expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(500);
    }
    expect(await tableDigests(world.t.db)).toEqual(before);
  });
});
