import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { wireMessage } from "@testing/wire-message";
import type { WireMessage } from "@party/protocol";
import { liveTimeline } from "./live-timeline";
import { hasGap, timelineMessages, type Timeline, type TimelinePage } from "./timeline";

const m = (seq: number) => wireMessage(seq);
const queryKey = ["chats", "timeline", "c"];

/**
 * A chat whose server holds messages 1..`upTo`, and a page's view of it, as the chat page has them.
 * `change` edits a stored message on the server, numbering the change as the database does.
 */
function chat(upTo: number) {
  const stored = Array.from({ length: upTo }, (_, i) => m(i + 1));
  let changeSeq = 0;
  const queryClient = new QueryClient();
  const asked: number[] = [];
  const askedChanges: number[] = [];
  let hold: Promise<void> | undefined;
  const newestPage = async (): Promise<TimelinePage> => {
    const messages = stored.slice(-3);
    const hasMore = stored.length > 3;
    await hold;
    return {
      messages,
      hasMore,
      caughtUpTo: messages.at(-1)?.seq ?? 0,
      changedUpTo: changeSeq,
      readUpTo: 0,
      askedAt: Date.now(),
    };
  };
  const live = liveTimeline(queryClient, queryKey, {
    messagesAfter: (afterSeq) => {
      asked.push(afterSeq);
      const after = stored.filter((x) => x.seq > afterSeq);
      return Promise.resolve({ messages: after.slice(0, 2), hasMore: after.length > 2 });
    },
    changesAfter: (afterChange) => {
      askedChanges.push(afterChange);
      const changed = stored.filter((x) => x.changeSeq > afterChange).sort((a, b) => a.changeSeq - b.changeSeq);
      return Promise.resolve({ messages: changed, changedUpTo: changeSeq, hasMore: false });
    },
  });
  const change = (seq: number, fields: Partial<WireMessage>) => {
    const i = stored.findIndex((x) => x.seq === seq);
    stored[i] = { ...stored[i]!, ...fields, changeSeq: ++changeSeq };
    return stored[i];
  };
  return {
    stored,
    asked,
    askedChanges,
    change,
    live,
    queryClient,
    /** The newest page, as the route's loader fetches it; `until` holds its answer back. */
    load: (until?: Promise<void>) => {
      hold = until;
      return queryClient.fetchInfiniteQuery({ queryKey, queryFn: newestPage, initialPageParam: null, staleTime: 0 });
    },
    held: () => {
      const timeline = queryClient.getQueryData<Timeline>(queryKey);
      return timeline ? [...timeline.pages].reverse().flatMap((page) => page.messages.map((x) => x.seq)) : [];
    },
    contents: () => timelineMessages(queryClient.getQueryData<Timeline>(queryKey)!, "me").map((x) => x.content),
    changedUpTo: () => queryClient.getQueryData<Timeline>(queryKey)!.pages[0]!.changedUpTo,
    gap: () => hasGap(queryClient.getQueryData<Timeline>(queryKey)!),
  };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("liveTimeline", () => {
  describe("a room's welcome to the page's first socket", () => {
    /** The room's clock is the page's here; the page's newest page was read no earlier than asked. */
    const readSince = (pageAskedAt: number) => pageAskedAt;

    it("asks nothing when the room woke before the data was read and relayed nothing newer", async () => {
      const c = chat(3);
      const wokeEarlier = Date.now() - 1000;
      await c.load();
      c.live.welcomed({ awakeSince: wokeEarlier, seq: 3, change: 0 }, readSince);
      await settled();
      expect([c.asked, c.askedChanges]).toEqual([[], []]);
    });

    it("catches up when the room relayed a message, or a change, the page does not hold", async () => {
      const c = chat(3);
      const wokeEarlier = Date.now() - 1000;
      await c.load();
      c.stored.push(m(4));
      c.live.welcomed({ awakeSince: wokeEarlier, seq: 4, change: 0 }, readSince);
      await settled();
      expect(c.asked).toEqual([3]);
      expect(c.held()).toEqual([1, 2, 3, 4]);

      c.change(2, { content: "edited" });
      c.live.welcomed({ awakeSince: wokeEarlier, seq: 4, change: 1 }, readSince);
      await settled();
      expect(c.askedChanges).toEqual([0, 0]);
      expect(c.contents()).toContain("edited");
    });

    it("catches up when the room woke after the data was read: it may have forgotten what it relayed", async () => {
      const c = chat(3);
      await c.load();
      c.live.welcomed({ awakeSince: Date.now() + 1000, seq: 0, change: 0 }, readSince);
      await settled();
      expect(c.asked).toEqual([3]);
    });

    it("catches up when the data cannot be dated", async () => {
      const c = chat(3);
      await c.load();
      c.live.welcomed({ awakeSince: 0, seq: 0, change: 0 }, () => null);
      await settled();
      expect(c.asked).toEqual([3]);
    });
  });

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

  it("takes in changes to held messages, and on a skipped change number asks for what changed since its mark", async () => {
    const c = chat(3);
    await c.load();
    c.live.receiveChanges([c.change(2, { content: "two, edited" })]);
    expect(c.contents()).toEqual(["m1", "two, edited", "m3"]);
    expect([c.changedUpTo(), c.askedChanges]).toEqual([1, []]);

    // Change 2 never arrives; change 3 shows it missing.
    c.change(1, { content: "", deletedAt: 1 });
    c.live.receiveChanges([c.change(3, { reactions: { "👍": ["bob"] } })]);
    await settled();
    expect(c.askedChanges).toEqual([1]);
    expect(c.contents()).toEqual(["", "two, edited", "m3"]);
    expect(c.changedUpTo()).toBe(3);

    // An older copy arriving late, or again, changes nothing.
    const before = c.contents();
    c.live.receive([m(2)]);
    c.live.receiveChanges([{ ...c.stored[1]!, content: "stale", changeSeq: 1 }]);
    expect(c.contents()).toEqual(before);
  });

  it("makes a reply's quote follow its original's edit and deletion, held or not", async () => {
    const c = chat(4);
    c.stored[3] = { ...c.stored[3]!, replyTo: { id: 10, seq: 1, senderId: "ada", excerpt: "m1", deleted: false } };
    await c.load();
    expect(c.held()).toEqual([2, 3, 4]);
    c.live.receiveChanges([c.change(1, { content: "first line\nsecond" })]);
    const quote = () => timelineMessages(c.queryClient.getQueryData<Timeline>(queryKey)!, "me").at(-1)!.replyTo;
    expect(quote()).toMatchObject({ excerpt: "first line", deleted: false });
    c.live.receiveChanges([c.change(1, { content: "", deletedAt: 5 })]);
    expect(quote()).toMatchObject({ excerpt: "", deleted: true });
  });
});
