import { ArrowDown } from "lucide-react";
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { WireMessage } from "@party/protocol";
import { Button } from "@web/components/ui/button";
import { MessageActionsContext, type MessageHandlers } from "./message-actions";
import { continuesGroup } from "./message-groups";
import { SeenLine } from "./message-parts";
import { MessageRow, PendingRow, type Sender } from "./message-row";
import { dayKey } from "./timeline";
import { useDisplayed } from "./use-displayed";
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

/**
 * Each message's local day, worked out once: the rows are listed again for every frame, and a date's
 * day costs a Date each time.
 */
const days = new WeakMap<WireMessage, string>();
function dayOf(message: WireMessage) {
  let day = days.get(message);
  if (day === undefined) days.set(message, (day = dayKey(message.createdAt)));
  return day;
}

/** The member's newest message still standing: where read receipts show. */
function lastOwn(messages: WireMessage[], myId: string) {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.senderId === myId && m.messageType === "text" && m.deletedAt === null) return m;
  }
  return undefined;
}

/**
 * Oldest first with day separators. Opens at the 'New messages' line when there is unread, else at
 * the bottom; sticks to the bottom unless the member scrolled up, and then new messages raise a pill
 * instead of moving the view. Loading older history keeps the view in place. A message's toolbar
 * shows while it is hovered, or once opened from the keyboard or by a long press.
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
  const heightBefore = useRef<{ first: number | undefined; height: number }>({ first: undefined, height: 0 });
  const observe = useDisplayed(scroller, onDisplayed);
  // Where the unread began as the chat opened: it stays there while the chat is open.
  const [unreadFrom] = useState(() => (lastSeq !== undefined && lastSeq > readUpTo ? readUpTo + 1 : null));
  // Above the first message held only once older pages were loaded as far as they go for it.
  const [unreadAtTop, setUnreadAtTop] = useState(false);

  const scrollTo = useCallback((seq: number, jumped: boolean) => {
    const el = scroller.current;
    const row = el?.querySelector<HTMLElement>(`[data-seq="${seq}"]`);
    if (!el || !row) return;
    atBottom.current = false;
    if (jumped) {
      row.scrollIntoView({ block: "center" });
      setHighlighted(seq);
    } else {
      setUnreadAtTop(true);
      (el.querySelector<HTMLElement>("[data-unread-divider]") ?? row).scrollIntoView({ block: "start" });
    }
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICKY_PX;
  }, []);
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

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = heightBefore.current;
    const settle = () => {
      if (before.first === undefined && openedAt.current !== null) {
        reveal(openedAt.current, true);
      } else if (before.first === undefined && unreadFrom !== null) {
        // Opening with unread: at the 'New messages' line, once its message is held.
        reveal(unreadFrom, false);
      } else if (before.first !== undefined && firstSeq !== undefined && firstSeq < before.first) {
        // Older messages went in above: keep what the member was looking at where it was.
        el.scrollTop += el.scrollHeight - before.height;
      } else if (before.first === undefined) {
        // The first messages: the chat opens at the newest.
        el.scrollTop = el.scrollHeight;
      } else if (!atBottom.current && lastSeq !== undefined) {
        // A reader at the bottom is kept there by the observer below, as for anything that grows;
        // one scrolled up is told. Measured after layout, so it cannot be worked out while rendering.
        setUnseen(true);
      }
      heightBefore.current = { first: firstSeq, height: el.scrollHeight };
    };
    if (before.first === undefined) {
      // The first messages are brought into view in the frame that paints them, not by forcing
      // their layout inside the commit that made them: on a phone that layout is the commit's
      // longest part. Nobody has scrolled yet, so nothing can move in between.
      const frame = requestAnimationFrame(settle);
      return () => cancelAnimationFrame(frame);
    }
    settle();
  }, [firstSeq, lastSeq, pending.length, unreadFrom, reveal]);

  // What is shown can grow after it was placed (a reaction, 'Seen', an image or a link's preview
  // under the newest message) and the view can shrink (a taller composer, a phone's keyboard): a
  // member reading the bottom stays at it, as for a new message; one scrolled up is left where
  // they are (the browser's scroll anchoring keeps what they read in place).
  const list = useRef<HTMLOListElement>(null);
  const empty = messages.length === 0 && pending.length === 0;
  useEffect(() => {
    const el = scroller.current;
    if (!el || !list.current) return;
    const keepBottom = new ResizeObserver(() => {
      // The first messages are placed by `settle`, at the bottom or at the 'New messages' line.
      const placed = heightBefore.current.first !== undefined;
      if (placed && atBottom.current) el.scrollTop = el.scrollHeight;
      heightBefore.current.height = el.scrollHeight;
    });
    keepBottom.observe(list.current);
    keepBottom.observe(el);
    return () => keepBottom.disconnect();
  }, [empty]);

  // Only scrolling up leaves the bottom: a scroll's event that comes after a row grew below and
  // before the observer above follows it (the browser's scroll anchoring moving the view down, a
  // card's picture arriving) is not the member leaving.
  const lastTop = useRef(0);
  const onScroll = () => {
    const el = scroller.current!;
    const down = el.scrollTop >= lastTop.current;
    lastTop.current = el.scrollTop;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICKY_PX || (atBottom.current && down);
    heightBefore.current.height = el.scrollHeight;
    if (atBottom.current) setUnseen(false);
    if (el.scrollTop < LOAD_OLDER_PX && hasOlder && !loadingOlder) onLoadOlder();
  };

  const toBottom = () => {
    const el = scroller.current!;
    el.scrollTo({ top: el.scrollHeight, behavior: "smooth" });
    setUnseen(false);
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

  // Built again only when the messages, their senders or what shows around one of them change: a
  // chat re-renders for typing hints, presence and every send, and rebuilding hundreds of bubbles each
  // time would stall a phone. A new message renders its own row only: the others keep their props.
  const rows = useMemo(
    () =>
      messages.map((message, i) => {
        const previous = messages[i - 1];
        const unreadFromHere =
          unreadFrom !== null &&
          message.seq >= unreadFrom &&
          (previous === undefined ? unreadAtTop : previous.seq < unreadFrom);
        return (
          <MessageRow
            key={message.id}
            message={message}
            newDay={previous === undefined || dayOf(previous) !== dayOf(message)}
            unreadFromHere={unreadFromHere}
            continues={continuesGroup(previous, message, unreadFromHere)}
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
            observe={observe}
            onHover={setHovered}
          />
        );
      }),
    [messages, myId, senderOf, unreadFrom, unreadAtTop, opened, hovered, highlighted, mine, seenBy, isGroup, observe],
  );

  // The member's own messages on their way go on under their last, as they will once stored.
  const me = senderOf(myId);
  const fromMe = { senderId: myId, messageType: "text", deletedAt: null } as const;
  const lastShown = messages.at(-1);
  const pendingRows = pending.map((p, i) => {
    const previous = i === 0 ? lastShown : { ...pending[i - 1]!, ...fromMe };
    return (
      <PendingRow
        key={p.clientId}
        message={p}
        sender={me}
        continues={continuesGroup(previous, { ...p, ...fromMe }, false)}
        onRetry={onRetry}
      />
    );
  });

  return (
    <MessageActionsContext value={actions}>
      <div className="relative min-h-0 flex-1">
        <div
          ref={scroller}
          onScroll={onScroll}
          className="h-full overflow-y-auto px-3 pt-6 pb-4 sm:px-6"
          data-testid="message-scroller"
        >
          {loadingOlder && (
            <p role="status" className="pb-2 text-center text-xs text-muted-foreground">
              Loading earlier messages…
            </p>
          )}
          {empty ? (
            <p className="flex h-full items-center justify-center text-sm text-muted-foreground">No messages yet</p>
          ) : (
            <ol ref={list} className="mx-auto flex max-w-3xl flex-col gap-3" aria-label="Messages">
              {rows}
              {pendingRows}
            </ol>
          )}
        </div>
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
