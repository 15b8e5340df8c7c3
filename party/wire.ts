/**
 * The part of the protocol browsers need at run time, free of the parsers (zod stays out of the
 * page bundle): what a page sends, and the close codes it acts on. party/protocol.ts parses both
 * on the room's side and re-exports them.
 */
import type { ClientMessage } from "./protocol";

export const clientMessages = {
  typing: () => JSON.stringify({ type: "typing" } satisfies ClientMessage),
  ping: () => JSON.stringify({ type: "ping" } satisfies ClientMessage),
};

/** Close codes a page acts on: it stops reconnecting instead of retrying forever. */
export const CLOSE_LEFT = 4003;
export const CLOSE_TOO_MANY = 4008;
