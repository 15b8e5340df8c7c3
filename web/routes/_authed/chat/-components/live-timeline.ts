import { hashKey, type QueryClient, type QueryKey } from "@tanstack/react-query";
import type { ChatWelcome, WireMessage } from "@party/protocol";
import { hasChangeGap, hasGap, withArrived, withCaughtUp, withChanges, type Timeline } from "./timeline";

type Change = (timeline: Timeline) => Timeline;

interface Fetch {
  /** The chat's messages after a sequence number, a page at a time. */
  messagesAfter: (afterSeq: number) => Promise<{ messages: WireMessage[]; hasMore: boolean }>;
  /** The chat's messages edited, deleted or reacted to after a change number, as they are now. */
  changesAfter: (afterChange: number) => Promise<{ messages: WireMessage[]; changedUpTo: number; hasMore: boolean }>;
}

/**
 * Keeps one open chat's timeline whole. Messages and changes to them that come one by one (the
 * room's frames, an answer) are written into its pages; on every (re)connect, and whenever they show
 * a gap, it catches up on everything after the last message, and the last change, held without one,
 * page by page, one catch-up at a time. `watch` must run while the chat is open: it finishes what
 * had to wait for a fetch.
 */
export function liveTimeline(queryClient: QueryClient, queryKey: QueryKey, fetch: Fetch) {
  const read = () => queryClient.getQueryData<Timeline>(queryKey);
  let catchingUp: Promise<void> | null = null;
  /**
   * A catch-up was asked for while none could start: before the first page had loaded (done once it
   * has), or while one was on its way, whose answer may predate the ask (done again after it).
   */
  let wanted = false;
  /**
   * Changes made while the pages were being fetched: the fetch answers with pages built on those
   * from before it began, so each change is made again once it lands.
   */
  let redo: Change[] = [];

  const write = (change: Change) => {
    queryClient.setQueryData<Timeline>(queryKey, (timeline) => timeline && change(timeline));
    if (queryClient.isFetching({ queryKey, exact: true })) redo.push(change);
  };

  const catchUp = () => {
    if (!read() || catchingUp) {
      wanted = true;
      return catchingUp ?? Promise.resolve();
    }
    catchingUp = (async () => {
      try {
        do {
          wanted = false;
          // New messages, and the edits, deletions and reactions made while this page was away or
          // missed one: the first page of each asked at once, so a catch-up is one request (one
          // tRPC batch) unless a side has more than a page. Messages are written first, so the
          // changes find every message they change.
          const held = read()?.pages[0];
          const [messages, changes] = await Promise.all([
            held && fetch.messagesAfter(held.caughtUpTo),
            held && fetch.changesAfter(held.changedUpTo),
          ]);
          for (let page = messages; page;) {
            const { messages: arrived, hasMore } = page;
            write((timeline) => withCaughtUp(timeline, arrived));
            page = hasMore ? await fetch.messagesAfter(arrived.at(-1)!.seq) : undefined;
          }
          for (let page = changes; page;) {
            const { messages: changed, changedUpTo, hasMore } = page;
            write((timeline) => withChanges(timeline, changed, changedUpTo));
            page = hasMore ? await fetch.changesAfter(changedUpTo) : undefined;
          }
        } while (wanted);
      } catch {
        // Offline for a moment: the next (re)connect, or the next gap, asks again.
      } finally {
        catchingUp = null;
      }
    })();
    return catchingUp;
  };

  const receive = (messages: WireMessage[]) => {
    write((timeline) => withArrived(timeline, messages));
    const timeline = read();
    if (timeline && hasGap(timeline)) void catchUp();
  };

  /** Changes to stored messages: a number skipped means one was missed. */
  const receiveChanges = (changes: WireMessage[]) => {
    write((timeline) => withChanges(timeline, changes));
    const timeline = read();
    if (timeline && hasChangeGap(timeline, changes)) void catchUp();
  };

  /** Follows the timeline's fetches until the returned function is called. */
  const watch = () => {
    const hash = hashKey(queryKey);
    return queryClient.getQueryCache().subscribe(({ query }) => {
      if (query.queryHash !== hash || query.state.fetchStatus !== "idle" || !read()) return;
      const changes = redo;
      redo = [];
      for (const change of changes) write(change);
      // The room opened, or a gap showed, before the pages had loaded.
      if (wanted || (changes.length > 0 && hasGap(read()!))) void catchUp();
    });
  };

  /**
   * The room's welcome: the newest message and change it relayed since it woke. A page whose newest
   * page was read after the room woke (`readSince`, on the room's clock) and holds both has missed
   * nothing; any other catches up.
   */
  const welcomed = (welcome: Omit<ChatWelcome, "type">, readSince: (pageAskedAt: number) => number | null) => {
    const held = read()?.pages[0];
    const since = held ? readSince(held.askedAt) : null;
    const missedNothing =
      held &&
      since !== null &&
      welcome.awakeSince <= since &&
      held.caughtUpTo >= welcome.seq &&
      held.changedUpTo >= welcome.change;
    if (!missedNothing) void catchUp();
  };

  return { receive, receiveChanges, catchUp, welcomed, watch };
}
