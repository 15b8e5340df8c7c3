import type { InfiniteData } from "@tanstack/react-query";
import type { WireMessage } from "@party/protocol";
import { sequenceTracker } from "@party/wire";

/** One page of a chat's messages, oldest first, as the server answered it. */
export interface TimelinePage {
  messages: WireMessage[];
  /** Older messages come before this page. */
  hasMore: boolean;
  /**
   * Every message numbered up to this one is held, or was never this member's to see: a catch-up
   * asks for what follows. Only the newest page takes messages one by one (past it, after a gap).
   */
  caughtUpTo: number;
}

/**
 * A chat's messages as a page holds them, an infinite query: the newest page first, extended by
 * every message that arrived since, then each older page the member scrolled up to.
 */
export type Timeline = InfiniteData<TimelinePage, number | null>;

/**
 * The messages a page holds, oldest first, each once: merging by id makes every source (first page,
 * older pages, catch-up, broadcasts, a send's answer) safe to repeat in any order.
 */
export function mergeMessages(held: WireMessage[], incoming: WireMessage[]) {
  if (incoming.length === 0) return held;
  const byId = new Map(held.map((m) => [m.id, m]));
  let changed = false;
  for (const message of incoming) {
    if (!byId.has(message.id)) {
      byId.set(message.id, message);
      changed = true;
    }
  }
  return changed ? [...byId.values()].sort((a, b) => a.seq - b.seq) : held;
}

/**
 * The messages in the order they are shown, oldest first. Another member's message past a gap waits
 * until the gap is filled (its frame arrives, or the catch-up brings it), so none ever shows above one
 * still missing; the member's own show at once, as they were typed.
 */
export function timelineMessages(timeline: Pick<Timeline, "pages">, myId: string) {
  const [newest, ...older] = timeline.pages;
  if (!newest) return [];
  const shown = newest.messages.filter((m) => m.seq <= newest.caughtUpTo || m.senderId === myId);
  return [...older.reverse().flatMap((page) => page.messages), ...shown];
}

/** Holds messages that came one by one (the room's frames, a send's answer): they may leave a gap. */
export const withArrived = (timeline: Timeline, incoming: WireMessage[]) =>
  withNewest(timeline, incoming, (seen, held) => seen.add(held));

/** Holds a page the server answered after the newest held (a catch-up): it leaves no gap before its end. */
export const withCaughtUp = (timeline: Timeline, page: WireMessage[]) =>
  withNewest(timeline, page, (seen, held) => {
    seen.add(held);
    seen.complete(page);
  });

/** True while some message before the newest held is missing: a catch-up would fetch it. */
export function hasGap(timeline: Timeline) {
  const newest = timeline.pages[0];
  return newest !== undefined && (newest.messages.at(-1)?.seq ?? 0) > newest.caughtUpTo;
}

function withNewest(
  timeline: Timeline,
  incoming: WireMessage[],
  track: (seen: ReturnType<typeof sequenceTracker>, held: WireMessage[]) => void,
): Timeline {
  const [newest, ...older] = timeline.pages;
  if (!newest) return timeline;
  const messages = mergeMessages(newest.messages, incoming);
  const seen = sequenceTracker(newest.caughtUpTo);
  const pastCaughtUp = messages.filter((m) => m.seq > newest.caughtUpTo);
  track(seen, pastCaughtUp);
  if (messages === newest.messages && seen.caughtUpTo === newest.caughtUpTo) return timeline;
  return { ...timeline, pages: [{ ...newest, messages, caughtUpTo: seen.caughtUpTo }, ...older] };
}

/** Local calendar day, for the separators between days. */
export const dayKey = (at: number) => new Date(at).toDateString();
