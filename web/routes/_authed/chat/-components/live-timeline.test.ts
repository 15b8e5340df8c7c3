import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { wireMessage } from "@testing/wire-message";
import type { WireMessage } from "@party/protocol";
import { liveTimeline } from "./live-timeline";
import { hasGap, type Timeline, type TimelinePage } from "./timeline";

const m = (seq: number) => wireMessage(seq);
const queryKey = ["chats", "timeline", "c"];

/** A chat whose server holds messages 1..`upTo`, and a page's view of it, as the chat page has them. */
function chat(upTo: number) {
  const stored = Array.from({ length: upTo }, (_, i) => m(i + 1));
  const queryClient = new QueryClient();
  const asked: number[] = [];
  let hold: Promise<void> | undefined;
  const newestPage = async (): Promise<TimelinePage> => {
    const messages = stored.slice(-3);
    const hasMore = stored.length > 3;
    await hold;
    return { messages, hasMore, caughtUpTo: messages.at(-1)?.seq ?? 0 };
  };
  const live = liveTimeline(queryClient, queryKey, (afterSeq) => {
    asked.push(afterSeq);
    const after = stored.filter((x) => x.seq > afterSeq);
    return Promise.resolve({ messages: after.slice(0, 2), hasMore: after.length > 2 });
  });
  return {
    stored,
    asked,
    live,
    /** The newest page, as the route's loader fetches it; `until` holds its answer back. */
    load: (until?: Promise<void>) => {
      hold = until;
      return queryClient.fetchInfiniteQuery({ queryKey, queryFn: newestPage, initialPageParam: null, staleTime: 0 });
    },
    held: () => {
      const timeline = queryClient.getQueryData<Timeline>(queryKey);
      return timeline ? [...timeline.pages].reverse().flatMap((page) => page.messages.map((x) => x.seq)) : [];
    },
    gap: () => hasGap(queryClient.getQueryData<Timeline>(queryKey)!),
  };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("liveTimeline", () => {
  it("asks from before a gap, page by page, and again when asked while on its way", async () => {
    const c = chat(3);
    await c.load();
    c.stored.push(m(4), m(5), m(6), m(7));
    c.live.receive([m(7)]);
    expect(c.gap()).toBe(true);
    // The room reopens meanwhile: its catch-up follows the one on its way, whose answer may be older.
    await c.live.catchUp();
    expect(c.asked).toEqual([3, 5, 7]);
    expect(c.held()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(c.gap()).toBe(false);
  });

  it("takes a catch-up asked before the first page loaded once it has, and asks once", async () => {
    const c = chat(5);
    const stop = c.live.watch();
    void c.live.catchUp();
    void c.live.catchUp();
    expect(c.asked).toEqual([]);
    await c.load();
    await settled();
    expect(c.asked).toEqual([5]);
    stop();
  });

  it("keeps what arrived while the pages were being fetched", async () => {
    const c = chat(3);
    await c.load();
    const stop = c.live.watch();
    let answer = () => {};
    const refetch = c.load(new Promise<void>((resolve) => (answer = resolve)));
    c.stored.push(m(4));
    c.live.receive([m(4)] satisfies WireMessage[]);
    expect(c.held()).toEqual([1, 2, 3, 4]);
    answer();
    await refetch;
    expect(c.held()).toEqual([1, 2, 3, 4]);
    expect(c.asked).toEqual([]);
    stop();
  });
});
