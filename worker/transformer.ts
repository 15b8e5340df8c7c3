/**
 * How tRPC answers travel: plain JSON, with Dates (and undefined) marked in superjson's format so
 * the SPA's superjson reads them back as they were sent. superjson's own serializer copies every
 * answer through a general walker (classes, Maps, Sets, shared references) that our answers never
 * need, and on a list page that walk cost more than its SQL. This one only looks: the answer itself
 * is what JSON.stringify writes (a Date becomes its ISO string there, as superjson writes it), and a
 * path is built only where a Date or an undefined is found. Inputs stay superjson's, as the SPA sends them.
 */
import type { CombinedDataTransformer } from "@trpc/server";
import superjson from "superjson";

type Mark = ["Date"] | ["undefined"];
/** superjson's meta: one mark for the whole value, or a mark per dotted path. */
type Marks = Mark | Record<string, Mark>;

/** superjson's path syntax: keys joined by dots, their own dots and backslashes escaped. */
const escapeKey = (key: string) => key.replace(/\\/g, "\\\\").replace(/\./g, "\\.");

function markOf(value: unknown): Mark | null {
  if (value instanceof Date) return ["Date"];
  return value === undefined ? ["undefined"] : null;
}

/**
 * Every Date and undefined below `value`, by path. A board's or a list's thousands of strings and
 * numbers each cost one `typeof`; only objects are descended into, and a path is joined only for a
 * value it marks (four times faster than visiting every key through the path).
 */
function collectMarks(value: object, path: string[], marks: Record<string, Mark>) {
  const keys = Array.isArray(value) ? null : Object.keys(value);
  const count = keys ? keys.length : (value as unknown[]).length;
  for (let i = 0; i < count; i++) {
    const key = keys ? keys[i]! : String(i);
    const child: unknown = (value as Record<string, unknown>)[key];
    if (typeof child === "object" && child !== null && !(child instanceof Date)) {
      path.push(key);
      collectMarks(child, path, marks);
      path.pop();
    } else {
      const mark = markOf(child);
      if (mark) marks[[...path, key].map(escapeKey).join(".")] = mark;
    }
  }
}

export function serializeAnswer(value: unknown): { json: unknown; meta?: { values: Marks; v: 1 } } {
  const whole = markOf(value);
  if (whole) return { json: value, meta: { values: whole, v: 1 } };
  const marks: Record<string, Mark> = {};
  if (typeof value === "object" && value !== null) collectMarks(value, [], marks);
  for (const _ in marks) return { json: value, meta: { values: marks, v: 1 } };
  return { json: value };
}

export const transformer: CombinedDataTransformer = {
  input: superjson,
  output: { serialize: serializeAnswer, deserialize: superjson.deserialize },
};
