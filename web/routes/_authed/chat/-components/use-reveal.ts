import { useCallback, useEffect, useLayoutEffect, useRef } from "react";

/**
 * The 'New messages' line loads at most this many older pages to reach the first unread: a member
 * added to a long-running group has its whole history unread, and the line then shows above the
 * oldest page loaded.
 */
const UNREAD_PAGES = 4;

interface Target {
  seq: number;
  /** Asked for by the member (a reply's quote): loads as far back as it takes, and is highlighted. */
  jumped: boolean;
  pagesLeft: number;
}

/**
 * Brings message `seq` into view, loading older pages until it is held. `onRevealed` scrolls to it
 * once it is (or to the oldest held, when the history ends or the pages allowed run out).
 */
export function useReveal({
  firstSeq,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  onRevealed,
}: {
  firstSeq: number | undefined;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRevealed: (seq: number, jumped: boolean) => void;
}) {
  const target = useRef<Target | null>(null);
  const held = useRef({ firstSeq, hasOlder, onLoadOlder });
  useLayoutEffect(() => {
    held.current = { firstSeq, hasOlder, onLoadOlder };
  });

  const reveal = useCallback(
    (seq: number, jumped: boolean) => {
      const now = held.current;
      if (now.firstSeq === undefined || now.firstSeq <= seq || !now.hasOlder) {
        target.current = null;
        onRevealed(Math.max(seq, now.firstSeq ?? seq), jumped);
        return;
      }
      target.current = { seq, jumped, pagesLeft: jumped ? Infinity : UNREAD_PAGES };
      now.onLoadOlder();
    },
    [onRevealed],
  );

  // Each older page that arrives brings the target nearer: done once it is held, else one more page.
  const lastFirst = useRef(firstSeq);
  useEffect(() => {
    const arrived = lastFirst.current !== undefined && firstSeq !== undefined && firstSeq < lastFirst.current;
    lastFirst.current = firstSeq;
    const t = target.current;
    if (!t || firstSeq === undefined) return;
    if (arrived) t.pagesLeft--;
    if (firstSeq <= t.seq || !hasOlder || t.pagesLeft <= 0) {
      target.current = null;
      onRevealed(Math.max(t.seq, firstSeq), t.jumped);
    } else if (!loadingOlder) {
      // Does nothing while another fetch of the chat is out; `onLoadOlder` changes when it ends,
      // and this asks again.
      onLoadOlder();
    }
  }, [firstSeq, hasOlder, loadingOlder, onLoadOlder, onRevealed]);

  return reveal;
}
