import type { WireMessage } from "../../../../../party/protocol";

/**
 * The messages a page holds, oldest first, each once: merging by sequence number makes every
 * source (first page, older pages, catch-up, broadcasts) safe to repeat in any order.
 */
export function mergeMessages(held: WireMessage[], incoming: WireMessage[]) {
  if (incoming.length === 0) return held;
  const bySeq = new Map(held.map((m) => [m.seq, m]));
  let changed = false;
  for (const message of incoming) {
    if (!bySeq.has(message.seq)) {
      bySeq.set(message.seq, message);
      changed = true;
    }
  }
  return changed ? [...bySeq.values()].sort((a, b) => a.seq - b.seq) : held;
}

/** Local calendar day, for the separators between days. */
export const dayKey = (at: number) => new Date(at).toDateString();
