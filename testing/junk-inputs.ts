/**
 * The property over every procedure's input (worker/routers/inputs*.property.test.ts): arbitrary
 * JSON, text with control characters, huge and non-finite numbers, deep nesting, and valid inputs
 * with one part replaced by any of those. Whatever arrives, the answer is never a 5xx, and a
 * refused call changes no row. It is the longest of the unit tests, so it runs as two files, each
 * with half of the procedures, side by side on the two cores.
 */
import fc from "fast-check";
import superjson from "superjson";
import { describe, expect, it } from "vitest";
import { accessRules } from "./access-table";
import { callProcedure, procedures, tableDigests } from "./calls";
import { controlText, paths, replaceAt, signedIn, type propertyWorld } from "./input-shapes";

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

/** The property for every other procedure, in the router's order, starting with the first (0) or the second (1). */
export function junkInputProperty(world: ReturnType<typeof propertyWorld>, half: 0 | 1) {
  const these = Object.keys(procedures).filter((_, i) => i % 2 === half);
  describe.each(these)("%s", (path) => {
    it.runIf(accessRules[path])(
      "never answers 5xx, and a refusal changes nothing",
      async () => {
        const { input: valid, party } = await accessRules[path]!.arrange(world.w);
        await fc.assert(
          fc.asyncProperty(inputs(valid), fc.boolean(), async (input, anonymous) => {
            world.newAddress();
            const caller = anonymous ? world.t.browser() : await signedIn(party);
            const before = await tableDigests(world.t.db);
            const { code, status } = await callProcedure(caller, path, input);
            expect(status, `${path} answered ${code}`).toBeLessThan(500);
            if (code !== "ok") expect(await tableDigests(world.t.db)).toEqual(before);
          }),
          { numRuns: RUNS },
        );
      },
      TIMEOUT_MS,
    );
  });
}
