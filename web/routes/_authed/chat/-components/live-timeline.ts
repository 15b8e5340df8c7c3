import { hashKey, type QueryClient, type QueryKey } from "@tanstack/react-query";
import type { WireMessage } from "@party/protocol";
import { hasGap, withArrived, withCaughtUp, type Timeline } from "./timeline";

type Change = (timeline: Timeline) => Timeline;

/**
 * Keeps one open chat's timeline whole. Messages that come one by one (the room's frames, a send's
 * answer) are written into its newest page; on every (re)connect, and whenever they show a gap, it
 * catches up on everything after the last message held without one, page by page, one catch-up at
 * a time. `watch` must run while the chat is open: it finishes what had to wait for a fetch.
 */
export function liveTimeline(
  queryClient: QueryClient,
  queryKey: QueryKey,
  fetchAfter: (afterSeq: number) => Promise<{ messages: WireMessage[]; hasMore: boolean }>,
) {
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
          let after = read()?.pages[0]?.caughtUpTo;
          while (after !== undefined) {
            const page = await fetchAfter(after);
            write((timeline) => withCaughtUp(timeline, page.messages));
            after = page.hasMore ? page.messages.at(-1)?.seq : undefined;
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

  return { receive, catchUp, watch };
}
