/**
 * The part of the protocol browsers need at run time, free of the parsers (zod stays out of the
 * page bundle): what a page sends, the close codes it acts on, and how it sees that it missed
 * messages. party/protocol.ts parses the first two on the room's side and re-exports them.
 */
import type { ClientMessage, WireMessage } from "./protocol";

export const clientMessages = {
  typing: () => JSON.stringify({ type: "typing" } satisfies ClientMessage),
  ping: () => JSON.stringify({ type: "ping" } satisfies ClientMessage),
};

/** Close codes a page acts on: it stops reconnecting instead of retrying forever. */
export const CLOSE_LEFT = 4003;
export const CLOSE_TOO_MANY = 4008;

/**
 * True when `incoming`, added to what a page holds up to `newestSeq`, still leaves a sequence number
 * out: some messages were missed, and the page fetches what follows `newestSeq`.
 */
export function leavesGap(newestSeq: number, incoming: WireMessage[]) {
  let newest = newestSeq;
  for (const seq of incoming.map((m) => m.seq).sort((a, b) => a - b)) {
    if (seq > newest + 1) return true;
    newest = Math.max(newest, seq);
  }
  return false;
}
