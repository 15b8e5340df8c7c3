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
 * Which of a chat's numbered messages a page holds: every number up to `caughtUpTo` (from where it
 * started), and any it got past a gap. Messages that come one by one (the room's frames, a send's
 * answer) may leave a gap: `add` says so, and the page asks for everything after `caughtUpTo`. A
 * page the server answered (the first page, a catch-up) has no gap: `complete` moves past it.
 */
export function sequenceTracker(start = 0) {
  let caughtUpTo = start;
  const pastGap = new Set<number>();
  const advance = () => {
    while (pastGap.delete(caughtUpTo + 1)) caughtUpTo++;
    for (const seq of pastGap) if (seq <= caughtUpTo) pastGap.delete(seq);
  };
  return {
    get caughtUpTo() {
      return caughtUpTo;
    },
    /** Holds messages that came one by one; true while some number before them is missing. */
    add(messages: WireMessage[]) {
      for (const { seq } of messages) if (seq > caughtUpTo) pastGap.add(seq);
      advance();
      return pastGap.size > 0;
    },
    /** Holds a page the server answered, complete up to its last message. */
    complete(messages: WireMessage[]) {
      caughtUpTo = Math.max(caughtUpTo, ...messages.map((m) => m.seq));
      advance();
    },
  };
}

/**
 * How far a page holds a chat's changes to stored messages (edits, deletions, reactions), each
 * numbered by the chat, after taking `changes` in: every number up to the result. A change past a
 * missing number leaves the mark before it, and the page asks for what changed after the mark.
 */
export function changesHeldUpTo(changedUpTo: number, changes: readonly { changeSeq: number }[]) {
  let upTo = changedUpTo;
  for (const seq of changes.map((c) => c.changeSeq).sort((a, b) => a - b)) if (seq === upTo + 1) upTo = seq;
  return upTo;
}
