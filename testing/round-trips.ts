import type { Client, Transaction, TransactionMode } from "@libsql/client";
import type { Db } from "../db/client";

/**
 * Counts the database round trips made through `db` from now on: every `execute`, `batch` and
 * `executeMultiple` of its libSQL client is one trip to Turso, and so is each step of an interactive
 * transaction (its BEGIN, each statement, its COMMIT or ROLLBACK). The client is wrapped in place,
 * so the app, lucia's adapter and the test all go through the count.
 */
export function countRoundTrips(db: Db) {
  let count = 0;
  const counted = <T extends object, K extends keyof T>(target: T, names: K[]) => {
    for (const name of names) {
      const original = (target[name] as (...args: unknown[]) => unknown).bind(target);
      target[name] = ((...args: unknown[]) => {
        count++;
        return original(...args);
      }) as T[K];
    }
  };
  const client: Client = db.$client;
  counted(client, ["execute", "batch", "executeMultiple"]);
  const transaction = client.transaction.bind(client);
  client.transaction = async (mode?: TransactionMode) => {
    count++;
    const tx: Transaction = await transaction(mode);
    counted(tx, ["execute", "batch", "executeMultiple", "commit", "rollback"]);
    return tx;
  };
  return {
    /** Round trips made while `work` ran (work left running after it is not awaited). */
    async during(work: () => Promise<unknown>) {
      const before = count;
      await work();
      return count - before;
    },
  };
}
