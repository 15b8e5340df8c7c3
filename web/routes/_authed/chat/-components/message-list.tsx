import { ArrowDown } from "lucide-react";
import { Fragment, memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { WireMessage } from "@party/protocol";
import { Button } from "@web/components/ui/button";
import { MessageActionsContext, type MessageHandlers } from "./message-actions";
import { listEntries, type Entry } from "./message-entries";
import { SeenLine } from "./message-parts";
import { DaySeparator, MessageRow, PendingRow, UnreadDivider, type Sender } from "./message-row";
import { useDisplayed } from "./use-displayed";
import { useFollowBottom } from "./use-follow-bottom";
import { useMessageVirtualizer } from "./use-message-virtualizer";
import type { PendingMessage } from "./use-outbox";
import { useReveal } from "./use-reveal";

export type { Sender } from "./message-row";

/** Within this many pixels of the bottom counts as "at the bottom": the view follows new messages. */
const STICKY_PX = 48;
/** Older history loads when the member scrolls this close to the top. */
const LOAD_OLDER_PX = 120;
/** How long a message jumped to stays highlighted. */
const HIGHLIGHT_MS = 2000;

interface Props {
  messages: WireMessage[];
  pending: PendingMessage[];
  myId: string;
  senderOf: (userId: string) => Sender;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (clientId: string) => void;
  /** Called with the newest message on screen, while the page is visible (read marks and receipts). */
  onDisplayed: (seq: number) => void;
  /** The member's read mark as the chat opened: the 'New messages' line goes above what follows it. */
  readUpTo: number;
  /** How far each other member has displayed the chat, for those who share it. */
  receipts: { userId: string; seq: number }[];
  isGroup: boolean;
  /** A group admin deletes any message. */
  deletesAny: boolean;
  /** The member may pin and unpin messages here. */
  pinsAllowed: boolean;
  /** Ids of the chat's pinned messages. */
  pinned: ReadonlySet<number>;
  handlers: Omit<MessageHandlers, "jumpTo">;
  /** A message to open at, highlighted, instead of the unread or the bottom (a search result). */
  openAt: number | null;
}

/** The member's newest message still standing: where read receipts show. */
function lastOwn(messages: WireMessage[], myId: string) {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.senderId === myId && m.messageType === "text" && m.deletedAt === null) return m;
  }
  return undefined;
}

/** What stays rendered wherever the view is: the entry holding the keyboard's focus, the message whose actions are open. */
const keptKeys = (focused: Entry["key"] | null, opened: { id: number } | null) =>
  new Set([focused, opened?.id].filter((key) => key != null));

/**
 * Oldest first with day separators, only the entries near the view rendered (use-message-virtualizer.ts).
 * Opens at the 'New messages' line when there is unread, else at the bottom; sticks to the bottom
 * unless the member scrolled up, and then new messages raise a pill instead of moving the view.
 * Loading older history keeps the view in place. A message's toolbar shows while it is hovered, or
 * once opened from the keyboard or by a long press.
 */
export const MessageList = memo(function MessageList({
  messages,
  pending,
  myId,
  senderOf,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  onRetry,
  onDisplayed,
  readUpTo,
  receipts,
  isGroup,
  deletesAny,
  pinsAllowed,
  pinned,
  handlers,
  openAt,
}: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [unseen, setUnseen] = useState(false);
  const [hovered, setHovered] = useState<number | null>(null);
  const [opened, setOpened] = useState<{ id: number; as: "toolbar" | "sheet" } | null>(null);
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const firstSeq = messages[0]?.seq;
  const lastSeq = messages.at(-1)?.seq;
  const observe = useDisplayed(scroller, onDisplayed);
  // Where the unread began as the chat opened: it stays there while the chat is open.
  const [unreadFrom] = useState(() => (lastSeq !== undefined && lastSeq > readUpTo ? readUpTo + 1 : null));
  // Above the first message held only once older pages were loaded as far as they go for it.
  const [unreadAtTop, setUnreadAtTop] = useState(false);

  const entries = useMemo(
    () => listEntries({ messages, pending, myId, unreadFrom, unreadAtTop }),
    [messages, pending, myId, unreadFrom, unreadAtTop],
  );
  const focused = useRef<Entry["key"] | null>(null);
  const kept = useRef<ReadonlySet<Entry["key"]>>(new Set());
  kept.current = keptKeys(focused.current, opened);
  const { virtualizer, ready } = useMessageVirtualizer({ scroller, entries, stickyPx: STICKY_PX, kept });

  // A message jumped to, or the 'New messages' line, is scrolled to once the entries hold it (the
  // line goes in with the same render that asks for it).
  const aim = useRef<{ seq: number; jumped: boolean } | null>(null);
  const [aimed, setAimed] = useState(0);
  const scrollTo = useCallback((seq: number, jumped: boolean) => {
    aim.current = { seq, jumped };
    if (jumped) setHighlighted(seq);
    else setUnreadAtTop(true);
    setAimed((n) => n + 1);
  }, []);
  useLayoutEffect(() => {
    const target = aim.current;
    if (!target) return;
    aim.current = null;
    const row = entries.findIndex((entry) => entry.kind === "message" && entry.message.seq === target.seq);
    const line = target.jumped ? -1 : entries.findIndex((entry) => entry.kind === "unread");
    if (row < 0) return;
    // The reader leaves the bottom here, as the view moves, not when the move was asked for: a scroll
    // event in between (the view kept at the bottom as older messages went in above) would put them
    // back at it, and the follow at the bottom would then undo this move.
    atBottom.current = false;
    virtualizer.scrollToIndex(line < 0 ? row : line, { align: target.jumped ? "center" : "start" });
  }, [aimed, entries, virtualizer]);

  const reveal = useReveal({ firstSeq, hasOlder, loadingOlder, onLoadOlder, onRevealed: scrollTo });
  // The message asked for as the chat opened is brought into view with the first messages; one asked
  // for later (another result, the chat already open), as soon as it is asked for.
  const openedAt = useRef(openAt);
  useEffect(() => {
    if (openAt === openedAt.current) return;
    openedAt.current = openAt;
    if (openAt !== null) reveal(openAt, true);
  }, [openAt, reveal]);

  useEffect(() => {
    if (highlighted === null) return;
    const timer = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);

  // A toolbar opened from the keyboard closes when the member presses anywhere else (a sheet closes itself).
  useEffect(() => {
    if (opened?.as !== "toolbar") return;
    const away = (event: PointerEvent) => {
      if (!(event.target as Element).closest(`[data-message-id="${opened.id}"]`)) setOpened(null);
    };
    document.addEventListener("pointerdown", away);
    return () => document.removeEventListener("pointerdown", away);
  }, [opened]);

  // The first messages open at the one asked for or at the 'New messages' line, once the virtualizer
  // holds the laid-out scroller: written then, the scroll reads a layout already made. Otherwise at
  // the newest, where the member starts (useFollowBottom).
  const placed = useRef(false);
  const empty = entries.length === 0;
  useLayoutEffect(() => {
    if (placed.current || empty || !ready) return;
    placed.current = true;
    if (openedAt.current !== null) reveal(openedAt.current, true);
    else if (unreadFrom !== null) reveal(unreadFrom, false);
  }, [empty, ready, reveal, unreadFrom]);

  // A reader at the bottom follows what arrives there (useFollowBottom); one scrolled up is told.
  // Older pages going in above change the first entry, not the last.
  const lastKey = entries.at(-1)?.key;
  const shownLast = useRef(lastKey);
  useLayoutEffect(() => {
    if (shownLast.current === lastKey) return;
    const arrived = shownLast.current !== undefined;
    shownLast.current = lastKey;
    if (arrived && !atBottom.current) setUnseen(true);
  }, [lastKey]);

  const list = useRef<HTMLOListElement>(null);
  useFollowBottom({ scroller, content: list, atBottom, active: ready && !empty });

  // Only scrolling up leaves the bottom: a row that went in below since the view was last put there
  // is followed (useFollowBottom), even when this scroll's event comes before that.
  const lastTop = useRef(0);
  const onScroll = () => {
    const el = scroller.current!;
    const down = el.scrollTop >= lastTop.current;
    lastTop.current = el.scrollTop;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICKY_PX || (atBottom.current && down);
    if (atBottom.current) setUnseen(false);
    if (el.scrollTop < LOAD_OLDER_PX && hasOlder && !loadingOlder) onLoadOlder();
  };

  const toBottom = () => {
    virtualizer.scrollToEnd({ behavior: "smooth" });
    setUnseen(false);
  };

  // Tab moves the focus along the rendered rows; the row holding it stays rendered when scrolled away.
  const onFocus = (event: React.FocusEvent) => {
    const row = event.target.closest<HTMLElement>("[data-index]");
    focused.current = row ? (entries[Number(row.dataset.index)]?.key ?? null) : null;
    kept.current = keptKeys(focused.current, opened);
  };
  const onBlur = (event: React.FocusEvent) => {
    if (event.currentTarget.contains(event.relatedTarget)) return;
    focused.current = null;
    kept.current = keptKeys(null, opened);
  };

  const actions = useMemo(
    () => ({
      ...handlers,
      jumpTo: (seq: number) => reveal(seq, true),
      myId,
      deletesAny,
      pinsAllowed,
      pinned,
      nameOf: (userId: string) => senderOf(userId).name,
      open: (id: number | null, as: "toolbar" | "sheet" = "toolbar") => setOpened(id === null ? null : { id, as }),
    }),
    [handlers, reveal, myId, deletesAny, pinsAllowed, pinned, senderOf],
  );

  const mine = lastOwn(messages, myId);
  const seenBy = useMemo(
    () =>
      mine
        ? receipts
            .filter((r) => r.seq >= mine.seq)
            .map((r) => senderOf(r.userId).name)
            .sort((a, b) => a.localeCompare(b))
        : [],
    [mine, receipts, senderOf],
  );

  const measure = useCallback(
    (element: HTMLElement | null) => {
      if (!element) return;
      virtualizer.measureElement(element);
      return () => virtualizer.measureElement(null);
    },
    [virtualizer],
  );
  const measureMessage = useCallback(
    (element: HTMLElement | null) => {
      const unmeasure = measure(element);
      const unobserve = observe(element);
      return () => {
        unmeasure?.();
        unobserve?.();
      };
    },
    [measure, observe],
  );

  const me = senderOf(myId);
  const render = (entry: Entry, index: number) => {
    switch (entry.kind) {
      case "day":
        return <DaySeparator at={entry.at} index={index} measure={measure} />;
      case "unread":
        return <UnreadDivider index={index} measure={measure} />;
      case "pending":
        return (
          <PendingRow
            message={entry.pending}
            sender={me}
            continues={entry.continues}
            index={index}
            measure={measure}
            onRetry={onRetry}
          />
        );
      case "message": {
        const { message } = entry;
        return (
          <MessageRow
            message={message}
            continues={entry.continues}
            own={message.senderId === myId}
            sender={senderOf(message.senderId)}
            toolbar={
              opened?.id === message.id
                ? opened.as === "sheet"
                  ? "sheet"
                  : "open"
                : hovered === message.id
                  ? "hover"
                  : null
            }
            highlighted={highlighted === message.seq}
            footer={message === mine && seenBy.length > 0 ? <SeenLine by={seenBy} group={isGroup} /> : undefined}
            index={index}
            measure={measureMessage}
            onHover={setHovered}
          />
        );
      }
    }
  };

  const items = virtualizer.getVirtualItems();
  const total = virtualizer.getTotalSize();

  return (
    <MessageActionsContext value={actions}>
      <div className="relative min-h-0 flex-1">
        <div
          ref={scroller}
          onScroll={onScroll}
          // The virtualizer keeps the view in place as entries above it change size; the browser's own
          // anchoring would move it a second time.
          className="h-full overflow-y-auto px-3 [overflow-anchor:none] sm:px-6"
          data-testid="message-scroller"
        >
          {empty ? (
            <p className="flex h-full items-center justify-center text-sm text-muted-foreground">No messages yet</p>
          ) : (
            <ol
              ref={list}
              className="mx-auto flex max-w-3xl flex-col"
              aria-label="Messages"
              style={{ paddingTop: items[0]?.start ?? 0, paddingBottom: total - (items.at(-1)?.end ?? 0) }}
              onFocus={onFocus}
              onBlur={onBlur}
            >
              {items.map((item, i) => {
                // A kept entry away from the rest stands at its place, past the ones not rendered.
                const skipped = i > 0 ? item.start - items[i - 1]!.end : 0;
                return (
                  <Fragment key={item.key}>
                    {skipped > 0 && <li aria-hidden style={{ height: skipped }} />}
                    {render(entries[item.index]!, item.index)}
                  </Fragment>
                );
              })}
            </ol>
          )}
        </div>
        {loadingOlder && (
          <p
            role="status"
            className="absolute inset-x-0 top-2 mx-auto w-fit rounded-full bg-background/90 px-3 py-1 text-center text-xs text-muted-foreground shadow-sm"
          >
            Loading earlier messages…
          </p>
        )}
        {unseen && (
          <Button
            variant="floating"
            size="sm"
            shape="pill"
            className="absolute bottom-3 left-1/2 -translate-x-1/2"
            onClick={toBottom}
          >
            <ArrowDown aria-hidden />
            New messages
          </Button>
        )}
      </div>
    </MessageActionsContext>
  );
});
