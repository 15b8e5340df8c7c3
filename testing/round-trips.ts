import type { Client, InStatement, Transaction, TransactionMode } from "@libsql/client";
import type { Db } from "../db/client";

/**
 * Counts the database round trips made through `db` from now on: every `execute`, `batch` and
 * `executeMultiple` of its libSQL client is one trip to Turso, and so is each step of an interactive
 * transaction (its BEGIN, each statement, its COMMIT or ROLLBACK). The client is wrapped in place,
 * so the app, lucia's adapter and the test all go through the count.
 */
export function countRoundTrips(db: Db) {
  let count = 0;
  /** Set while the session check is held back; the next round trip of anything else lets it go. */
  let holding: "armed" | (() => void) | null = null;
  /** In order: each session check's start ("check") and answer ("answered"), and every other trip ("trip"). */
  const events: ("check" | "answered" | "trip")[] = [];
  const counted = <T extends object, K extends keyof T>(target: T, names: K[]) => {
    for (const name of names) {
      const original = (target[name] as (...args: unknown[]) => unknown).bind(target);
      target[name] = ((...args: unknown[]) => {
        count++;
        if (isSessionCheck(args[0])) {
          events.push("check");
          const answered = (result: unknown) => (events.push("answered"), result);
          if (holding !== "armed") return (original(...args) as Promise<unknown>).then(answered);
          return new Promise((resolve) => (holding = () => resolve(original(...args)))).then(answered);
        }
        events.push("trip");
        if (typeof holding === "function") {
          const release = holding;
          holding = null;
          release();
        }
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
  const during = async (work: () => Promise<unknown>) => {
    const before = count;
    await work();
    return count - before;
  };
  return {
    /** Round trips made while `work` ran (work left running after it is not awaited). */
    during,
    /**
     * Like `during`, but the session check's answer is held back until something else goes to the
     * database: `work` only finishes if its own work starts before the check has answered (beside
     * it, one round trip where there were two). Work that waits for the check never ends.
     */
    besideTheSessionCheck(work: () => Promise<unknown>) {
      holding = "armed";
      return during(work).finally(() => (holding = null));
    },
    /** What went to the database while `work` ran, in order: see `events`. */
    async order(work: () => Promise<unknown>) {
      const from = events.length;
      await work();
      return events.slice(from);
    },
  };
}

/** The session check's statement (worker/auth/lucia.ts): the session read with its user. */
function isSessionCheck(statement: unknown) {
  const sql = typeof statement === "string" ? statement : (statement as Exclude<InStatement, string>)?.sql;
  return typeof sql === "string" && /from "sessions" inner join "users"/.test(sql);
}
