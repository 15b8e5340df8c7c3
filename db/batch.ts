import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { Db } from "./client";

type Statement = BatchItem<"sqlite">;
/**
 * One statement, or several that a helper writes together: a list (read as its helper documents)
 * or, better, statements named again.
 */
export type Step = Statement | readonly Statement[] | { readonly [name: string]: Statement };
type StepResult<S> = S extends Statement
  ? S["_"]["result"]
  : S extends readonly Statement[]
    ? BatchResponse<S>
    : { [K in keyof S]: S[K] extends Statement ? S[K]["_"]["result"] : never };
export type NamedResults<S extends Record<string, Step>> = { [K in keyof S]: StepResult<S[K]> };

const isList = (step: Step): step is readonly Statement[] => Array.isArray(step);
/** Statements are instances of drizzle's query builders; the groups are plain lists and objects. */
const isStatement = (step: Step): step is Statement =>
  !isList(step) && Object.getPrototypeOf(step) !== Object.prototype;
const statementsOf = (step: Step): Statement[] =>
  isStatement(step) ? [step] : isList(step) ? [...step] : Object.values(step);

/**
 * `db.batch` with each result read by the name of its step rather than its place, so adding a
 * statement never shifts another's result. The steps run in the order their names are written (an
 * object keeps its string keys' order), which matters where a statement reads `changes()` of the
 * one before.
 */
export async function namedBatch<S extends Record<string, Step>>(db: Db, steps: S): Promise<NamedResults<S>> {
  const [first, ...rest] = Object.values(steps).flatMap(statementsOf);
  if (!first) throw new Error("namedBatch needs at least one statement");
  const results: unknown[] = await db.batch([first, ...rest]);
  let at = 0;
  const take = () => results[at++];
  const named = Object.entries(steps).map(([name, step]) => {
    if (isStatement(step)) return [name, take()];
    if (isList(step)) return [name, step.map(take)];
    return [name, Object.fromEntries(Object.keys(step).map((key) => [key, take()]))];
  });
  return Object.fromEntries(named) as NamedResults<S>;
}
