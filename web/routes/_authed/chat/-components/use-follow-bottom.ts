import { useLayoutEffect, type RefObject } from "react";

/**
 * A reader at the bottom stays at it when the view or what it shows changes size: a new message, a
 * 'Seen' line, a link's card or a code block's highlighting growing after paint, a taller composer or
 * a phone's keyboard. One scrolled up is left where they are (the virtualizer keeps what they read in
 * place). The scroll is written from a ResizeObserver, after layout and before paint, so it reads a
 * layout the browser has already made instead of forcing one; the first report, as the list is laid
 * out, opens the chat at its newest. `listed` says whether the list is in the page (not the empty
 * chat's note).
 */
export function useFollowBottom({
  scroller,
  content,
  atBottom,
  listed,
}: {
  scroller: RefObject<HTMLElement | null>;
  content: RefObject<HTMLElement | null>;
  atBottom: RefObject<boolean>;
  listed: boolean;
}) {
  useLayoutEffect(() => {
    const view = scroller.current;
    const list = content.current;
    if (!view || !list) return;
    const follow = new ResizeObserver(() => {
      if (atBottom.current) view.scrollTop = view.scrollHeight;
    });
    follow.observe(view);
    follow.observe(list);
    return () => follow.disconnect();
  }, [scroller, content, atBottom, listed]);
}
