import { useCallback, useEffect, useRef } from "react";

/** Half of a message on screen counts as displayed, or half the view for one taller than that. */
const SHOWN_RATIO = 0.5;

/**
 * Which stored messages are on screen, for read marks and receipts: a row is displayed while half of
 * it is in the scroller's view and the page itself is visible (not in a background tab, not hidden).
 * `onDisplayed` gets the newest such message's number whenever it may have changed. Rows hand their
 * element to `observe` (a ref callback) with their number in `data-seq`.
 */
export function useDisplayed(root: React.RefObject<HTMLElement | null>, onDisplayed: (seq: number) => void) {
  const latest = useRef(onDisplayed);
  useEffect(() => {
    latest.current = onDisplayed;
  });
  const observer = useRef<IntersectionObserver | null>(null);
  const shown = useRef(new Set<number>());
  const waiting = useRef(new Set<Element>());

  const tell = useCallback(() => {
    if (document.visibilityState !== "visible" || shown.current.size === 0) return;
    latest.current(Math.max(...shown.current));
  }, []);

  useEffect(() => {
    const created = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const seq = Number((entry.target as HTMLElement).dataset.seq);
          const view = entry.rootBounds?.height ?? Infinity;
          const displayed =
            entry.isIntersecting &&
            (entry.intersectionRatio >= SHOWN_RATIO || entry.intersectionRect.height >= view * SHOWN_RATIO);
          if (displayed) shown.current.add(seq);
          else shown.current.delete(seq);
        }
        tell();
      },
      { root: root.current, threshold: [0, SHOWN_RATIO, 1] },
    );
    observer.current = created;
    for (const element of waiting.current) created.observe(element);
    waiting.current.clear();
    document.addEventListener("visibilitychange", tell);
    return () => {
      created.disconnect();
      observer.current = null;
      document.removeEventListener("visibilitychange", tell);
    };
  }, [root, tell]);

  return useCallback((element: HTMLElement | null) => {
    if (!element) return;
    if (observer.current) observer.current.observe(element);
    else waiting.current.add(element);
    return () => {
      observer.current?.unobserve(element);
      waiting.current.delete(element);
      shown.current.delete(Number(element.dataset.seq));
    };
  }, []);
}
