import { defaultRangeExtractor, useVirtualizer, type Range, type Virtualizer } from "@tanstack/react-virtual";
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type RefObject } from "react";
import { flushSync } from "react-dom";
import { estimateEntry, type Entry } from "./message-entries";

/** Entries rendered beyond each edge of the view: a fling shows rows, not blank, and Tab finds its next stop. */
const OVERSCAN = 12;
/** Space above the oldest entry and below the newest, inside the scroller, in pixels. */
const PAD_START = 12;
const PAD_END = 16;

/**
 * The scroller's size, from a ResizeObserver only: it reports after layout, where reading the size
 * at mount would force the history's layout inside the commit that made it.
 */
function observeRect(
  instance: Virtualizer<HTMLDivElement, Element>,
  report: (rect: { width: number; height: number }) => void,
) {
  const element = instance.scrollElement;
  if (!element) return;
  const observer = new ResizeObserver(([entry]) => {
    const box = entry?.contentBoxSize[0];
    if (box) report({ width: box.inlineSize, height: box.blockSize });
  });
  observer.observe(element);
  return () => observer.disconnect();
}

/**
 * Keeps only the entries near the view rendered, the newest end anchored: older pages going in above
 * keep what the member reads in place. Entries are measured by their ResizeObserver, never by reading
 * layout while React commits. `kept` names entries that stay rendered wherever the view is: the one
 * holding the keyboard's focus, whose toolbar is open. `ready` turns true once the virtualizer holds
 * the scroller, laid out: scrolling to an entry waits for it.
 */
export function useMessageVirtualizer({
  scroller,
  entries,
  stickyPx,
  kept,
}: {
  scroller: RefObject<HTMLDivElement | null>;
  entries: Entry[];
  /** Within this many pixels of the bottom counts as at it. */
  stickyPx: number;
  kept: RefObject<ReadonlySet<Entry["key"]>>;
}) {
  const indexOf = useMemo(() => new Map(entries.map((entry, i) => [entry.key, i])), [entries]);
  const latest = useRef({ entries, indexOf });
  latest.current = { entries, indexOf };

  const rangeExtractor = useCallback(
    (range: Range) => {
      const shown = defaultRangeExtractor(range);
      const extra = [...kept.current]
        .map((key) => latest.current.indexOf.get(key))
        .filter((i): i is number => i !== undefined && (i < shown[0]! || i > shown.at(-1)!));
      return extra.length ? [...shown, ...extra].sort((a, b) => a - b) : shown;
    },
    [kept],
  );

  // The virtualizer takes the scroller only once the browser has laid the first rows out: taking it
  // sooner writes its first scroll position inside the commit, which forces that layout there (on a
  // phone, the longest part of opening a long chat). A ResizeObserver reports after layout, before
  // paint; the frame around the scroller is observed, not the scroller, so what the virtualizer then
  // observes on the scroller and its rows is reported in the same frame (observers deliver deeper
  // elements after shallower ones).
  const [ready, setReady] = useState(false);
  useLayoutEffect(() => {
    const frame = scroller.current?.parentElement;
    if (!frame) return;
    const observer = new ResizeObserver(() => {
      observer.disconnect();
      flushSync(() => setReady(true));
    });
    observer.observe(frame);
    return () => observer.disconnect();
  }, [scroller]);

  // The build runs no React Compiler, which is what this rule guards: the instance is read afresh each render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer<HTMLDivElement, Element>({
    count: entries.length,
    getScrollElement: () => (ready ? scroller.current : null),
    getItemKey: useCallback((i: number) => entries[i]!.key, [entries]),
    estimateSize: useCallback((i: number) => estimateEntry(latest.current.entries[i]!), []),
    measureElement: (element, observed, instance) => {
      const box = observed?.borderBoxSize[0];
      if (box) return box.blockSize;
      const index = instance.indexFromElement(element);
      return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index);
    },
    observeElementRect: observeRect,
    // The view's height is not read before the first layout; the screen's is at least as tall.
    initialRect: { width: 0, height: screen.height },
    initialOffset: () => Math.max(0, entries.reduce((sum, entry) => sum + estimateEntry(entry), 0) - screen.height),
    overscan: OVERSCAN,
    paddingStart: PAD_START,
    paddingEnd: PAD_END,
    // A reader at the bottom is kept there as rows grow by use-follow-bottom.ts; the virtualizer's own
    // follow also takes them to each new message as it renders it.
    anchorTo: "end",
    followOnAppend: true,
    scrollEndThreshold: stickyPx,
    rangeExtractor,
  });
  useKeepFirstMessage(virtualizer, entries, indexOf);
  return { virtualizer, ready };
}

/**
 * Older pages going in above keep the entry at the top of the view in place (the virtualizer's
 * anchor), unless that entry is the day's separator above the oldest message held: the oldest
 * message of that day is then an older one, and the separator goes above it under another key, so
 * the virtualizer finds nothing to keep. The message that was under it is kept in place instead.
 */
function useKeepFirstMessage(
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  entries: Entry[],
  indexOf: ReadonlyMap<Entry["key"], number>,
) {
  const first = useRef<{ separator: Entry["key"]; message: Entry["key"]; start: number } | null>(null);
  useLayoutEffect(() => {
    const held = first.current;
    const start = (key: Entry["key"]) => virtualizer.measurementsCache[indexOf.get(key) ?? -1]?.start;
    const now = held && !indexOf.has(held.separator) ? start(held.message) : undefined;
    if (held && now !== undefined && (virtualizer.scrollOffset ?? 0) < held.start) {
      virtualizer.scrollBy(now - held.start);
    }
    const [separator, message] = entries;
    first.current =
      separator?.kind === "day" && message
        ? { separator: separator.key, message: message.key, start: start(message.key) ?? 0 }
        : null;
  });
}
