import { useLayoutEffect, type RefObject } from "react";

/**
 * A reader at the bottom stays at it when the view or what it shows changes size: a new message, a
 * 'Seen' line, a link's card or a code block's highlighting growing after paint, a taller composer or
 * a phone's keyboard. One scrolled up is left where they are (the virtualizer keeps what they read in
 * place). The scroll is written from a ResizeObserver, after layout and before paint, so it reads a
 * layout the browser has already made instead of forcing one.
 *
 * `active` once the list is in the page and the virtualizer holds the scroller: the observer is then
 * made after the virtualizer's own, so in a frame where both report, this one comes last and the view
 * ends at the bottom, whatever the virtualizer's adjustments for the same rows wrote before it.
 */
export function useFollowBottom({
  scroller,
  content,
  atBottom,
  active,
}: {
  scroller: RefObject<HTMLElement | null>;
  content: RefObject<HTMLElement | null>;
  atBottom: RefObject<boolean>;
  active: boolean;
}) {
  useLayoutEffect(() => {
    const view = scroller.current;
    const list = content.current;
    if (!active || !view || !list) return;
    const follow = new ResizeObserver(() => {
      if (atBottom.current) view.scrollTop = view.scrollHeight;
    });
    follow.observe(view);
    // The list's whole box: the virtualizer trades rows for padding at its ends.
    follow.observe(list, { box: "border-box" });
    return () => follow.disconnect();
  }, [scroller, content, atBottom, active]);
}
