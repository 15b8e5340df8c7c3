/**
 * Every text of every procedure's input refuses a control character wherever it sits, and the
 * refusal changes no row. (inputs.property.test.ts sends everything else.)
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { accessRules } from "@testing/access-table";
import { callProcedure, procedures, tableWatch } from "@testing/calls";
import { paths, replaceAt, propertyWorld, signedIn, valueAt } from "@testing/input-shapes";

/** Many calls per test, on a machine that may be busy with other work. */
const TIMEOUT_MS = 120_000;
const FORBIDDEN = ["\u0000", "\u0001", "\u0008", "\u000b", "\u001b", "\r", "\u007f", "\u009b"];

const world = propertyWorld();

describe.each(Object.keys(procedures))("%s", (path) => {
  it.runIf(accessRules[path])(
    "refuses a control character in any of its texts, changing nothing",
    async () => {
      const { input: valid, party } = await accessRules[path]!.arrange(world.w);
      const texts = paths(valid).filter((place) => typeof valueAt(valid, place) === "string");
      if (texts.length === 0) return;
      const tables = await tableWatch(world.t.db);
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...texts),
          fc.constantFrom(...FORBIDDEN),
          fc.nat(),
          async (place, character, at) => {
            world.newAddress();
            const text = valueAt(valid, place) as string;
            const position = at % (text.length + 1);
            const input = replaceAt(valid, place, text.slice(0, position) + character + text.slice(position));
            const caller = await signedIn(party);
            const before = await tables();
            expect(await callProcedure(caller, path, input)).toEqual({ code: "BAD_REQUEST", status: 400 });
            expect(await tables()).toEqual(before);
          },
        ),
        { numRuns: 15 },
      );
    },
    TIMEOUT_MS,
  );
});
