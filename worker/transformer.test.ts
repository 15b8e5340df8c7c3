import fc from "fast-check";
import superjson from "superjson";
import { describe, expect, it } from "vitest";
import { serializeAnswer } from "./transformer";

/** What the SPA receives: the answer written as JSON, read back by its superjson. */
const received = (value: unknown) => superjson.deserialize(JSON.parse(JSON.stringify(serializeAnswer(value)) ?? "{}"));

const SUPERJSON_REFUSES = new Set(["__proto__", "constructor", "prototype"]);

/** Keys as the database and procedures may produce them, dots and backslashes included (superjson escapes those). */
const key = fc
  .oneof(fc.string(), fc.constantFrom("a.b", "a\\b", "a\\.b", ".", "0", ""))
  // superjson itself refuses these three (prototype pollution), which no procedure answers with.
  .filter((k) => !SUPERJSON_REFUSES.has(k));
const date = fc.date({ noInvalidDate: true });
const answer = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.string(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    date,
    tie("array"),
    tie("object"),
  ),
  array: fc.array(tie("value"), { maxLength: 5 }),
  object: fc.dictionary(key, tie("value"), { maxKeys: 5 }),
})).value;

describe("the answers' wire format", () => {
  it("gives the SPA back every answer as it was, Dates as Dates, wherever they sit", () => {
    fc.assert(
      fc.property(answer, (value) => {
        expect(received(value)).toEqual(value);
      }),
    );
  });

  it("marks Dates and undefined at the very paths superjson marks them", () => {
    fc.assert(
      fc.property(answer, (value) => {
        expect(serializeAnswer(value).meta).toEqual(superjson.serialize(value).meta);
      }),
    );
  });

  it("a page of projects with a creation date reads back with a Date", () => {
    const page = { items: [{ id: "p1", "a.b": 1, createdAt: new Date(1_700_000_000_000) }], nextCursor: null };
    const back = received(page) as typeof page;
    expect(back.items[0]!.createdAt).toBeInstanceOf(Date);
    expect(back.items[0]!.createdAt.getTime()).toBe(1_700_000_000_000);
  });
});
