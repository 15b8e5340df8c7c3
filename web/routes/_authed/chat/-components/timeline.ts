import type { InfiniteData } from "@tanstack/react-query";
import { filesLine } from "@core/attachment-rules";
import { quoteExcerpt } from "@core/chat-rules";
import type { WireMessage } from "@party/protocol";
import { changesHeldUpTo, sequenceTracker } from "@party/wire";

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
  /**
   * Every change to stored messages (edit, deletion, reaction) numbered up to this one is held, or
   * superseded: a catch-up asks for what changed after it. Kept on the newest page.
   */
  changedUpTo: number;
  /** When this page's fetch was asked for (this page's clock): its data was read no earlier. */
  askedAt: number;
  /** The member's read mark when the page was fetched: the newest page's places the 'New messages' line. */
  readUpTo: number;
}

/**
 * A chat's messages as a page holds them, an infinite query: the newest page first, extended by
 * every message that arrived since, then each older page the member scrolled up to.
 */
export type Timeline = InfiniteData<TimelinePage, number | null>;

/** Of two copies of a message, the newer: the one with the higher change number. */
const newer = (held: WireMessage | undefined, incoming: WireMessage) =>
  !held || incoming.changeSeq > held.changeSeq ? incoming : held;

/**
 * The messages a page holds, oldest first, each once and as lately changed as any copy seen:
 * merging by id makes every source (first page, older pages, catch-up, broadcasts, a send's answer)
 * safe to repeat in any order.
 */
export function mergeMessages(held: WireMessage[], incoming: WireMessage[]) {
  if (incoming.length === 0) return held;
  const byId = new Map(held.map((m) => [m.id, m]));
  let added = false;
  let replaced = false;
  for (const message of incoming) {
    const before = byId.get(message.id);
    if (newer(before, message) === before) continue;
    byId.set(message.id, message);
    if (before) replaced = true;
    else added = true;
  }
  if (added) return [...byId.values()].sort((a, b) => a.seq - b.seq);
  return replaced ? held.map((m) => byId.get(m.id)!) : held;
}

/** How a reply quotes `original`, as the server would. */
export const quoteOf = (original: WireMessage): NonNullable<WireMessage["replyTo"]> => {
  const deleted = original.deletedAt !== null;
  return {
    id: original.id,
    seq: original.seq,
    senderId: original.senderId,
    excerpt: deleted ? "" : quoteExcerpt(original.content || filesLine(original.attachments)),
    deleted,
  };
};

/**
 * A held message after `changed` (the newest copies of changed messages, by id): its own newer copy,
 * and a reply's quote of an original that changed, held or not.
 */
function changedMessage(message: WireMessage, changed: Map<number, WireMessage>) {
  const next = newer(message, changed.get(message.id) ?? message);
  const original = next.replyTo && changed.get(next.replyTo.id);
  if (!original || !next.replyTo) return next;
  const quote = quoteOf(original);
  const same = next.replyTo.excerpt === quote.excerpt && next.replyTo.deleted === quote.deleted;
  return same ? next : { ...next, replyTo: quote };
}

/**
 * Takes in changes to stored messages (edits, deletions, reactions): each held copy that is older is
 * replaced, and replies quoting a changed original follow it. The newest page's mark moves over the
 * changes' numbers, or to `caughtUpTo` when the server answered them as a complete page.
 */
export function withChanges(timeline: Timeline, changes: WireMessage[], caughtUpTo?: number): Timeline {
  const [newest] = timeline.pages;
  if (!newest) return timeline;
  const changed = new Map<number, WireMessage>();
  for (const c of changes) changed.set(c.id, newer(changed.get(c.id), c));
  const pages = timeline.pages.map((page) => {
    const messages = page.messages.map((m) => changedMessage(m, changed));
    return messages.some((m, i) => m !== page.messages[i]) ? { ...page, messages } : page;
  });
  const changedUpTo =
    caughtUpTo === undefined ? changesHeldUpTo(newest.changedUpTo, changes) : Math.max(newest.changedUpTo, caughtUpTo);
  if (changedUpTo !== newest.changedUpTo) pages[0] = { ...pages[0]!, changedUpTo };
  return pages.some((page, i) => page !== timeline.pages[i]) ? { ...timeline, pages } : timeline;
}

/** True while some change after the newest page's mark is known of but not all before it. */
export const hasChangeGap = (timeline: Timeline, changes: WireMessage[]) =>
  changes.some((c) => c.changeSeq > (timeline.pages[0]?.changedUpTo ?? 0));

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

/**
 * The member's newest message they can still change, for ↑ in an empty composer: their own text,
 * not deleted. Files alone have no words to edit; messages on their way are not held here yet.
 */
export const lastEditable = (messages: WireMessage[], myId: string) =>
  messages.findLast((m) => m.senderId === myId && m.messageType === "text" && m.deletedAt === null && m.content !== "");

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
