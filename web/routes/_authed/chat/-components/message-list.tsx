import { ArrowDown, RotateCw } from "lucide-react";
import { lazy, memo, Suspense, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { BLOCKED_MESSAGE, REMOVED_BY_MODERATOR } from "@core/safety-rules";
import type { WireMessage } from "@party/protocol";
import { Avatar } from "@web/components/avatar";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";
import { dayKey } from "./timeline";
import { NOT_SENT, type PendingMessage } from "./use-outbox";
import { MessageActionsButton } from "./message-actions-button";
import { MessageText } from "./message-text";

export interface Sender {
  name: string;
  avatarUrl: string | null;
  /** The viewer blocked them: in a group their messages are folded away until clicked. */
  blocked?: boolean;
}

/** A message's menu is rarely opened: its code is fetched on the first open (message-menu.tsx). */
const MessageMenu = lazy(() => import("./message-menu"));

/** Within this many pixels of the bottom counts as "at the bottom": the view follows new messages. */
const STICKY_PX = 48;
/** Older history loads when the member scrolls this close to the top. */
const LOAD_OLDER_PX = 120;

// Made once: toLocaleTimeString and its kin build a new formatter on every call, which cost a
// chat's first render a quarter of a second on a mid-range phone.
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });
const dayFormat = new Intl.DateTimeFormat(undefined, {
  weekday: "long",
  month: "short",
  day: "numeric",
  year: "numeric",
});
const time = (at: number) => timeFormat.format(at);
const day = (at: number) => dayFormat.format(at);

function DaySeparator({ at }: { at: number }) {
  return (
    <li className="my-3">
      <div className="flex items-center gap-3 text-xs text-muted-foreground" role="separator" aria-label={day(at)}>
        <span className="h-px flex-1 bg-border" />
        {day(at)}
        <span className="h-px flex-1 bg-border" />
      </div>
    </li>
  );
}

function Bubble({
  own,
  sender,
  at,
  children,
  footer,
  actions,
  quiet = false,
}: {
  own: boolean;
  sender: Sender;
  at: number;
  children: ReactNode;
  footer?: ReactNode;
  /** Beside the time: the message's menu. */
  actions?: ReactNode;
  /** Words that are not the sender's (removed, folded away): muted and italic. */
  quiet?: boolean;
}) {
  return (
    <li className={cn("flex items-end gap-2", own && "flex-row-reverse")} data-own={own}>
      {!own && <Avatar name={sender.name} url={sender.avatarUrl} className="size-8" />}
      <div className={cn("flex max-w-[80%] flex-col gap-1 sm:max-w-[70%]", own && "items-end")}>
        <div className="flex items-center gap-2 text-xs text-muted-foreground">
          {!own && <span className="font-medium text-foreground">{sender.name}</span>}
          <time dateTime={new Date(at).toISOString()}>{time(at)}</time>
          {actions}
        </div>
        <div
          className={cn(
            "whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-sm",
            quiet
              ? "border border-dashed italic text-muted-foreground"
              : own
                ? "bg-primary text-primary-foreground"
                : "bg-muted",
            own ? "rounded-br-sm" : "rounded-bl-sm",
          )}
        >
          {children}
        </div>
        {footer}
      </div>
    </li>
  );
}

/** The plain button until a member first opens it; then the menu itself, which opens as it arrives. */
function MessageActions({ messageId, senderName }: { messageId: number; senderName: string }) {
  const [opened, setOpened] = useState(false);
  if (!opened) return <MessageActionsButton onClick={() => setOpened(true)} />;
  return (
    <Suspense fallback={<MessageActionsButton disabled />}>
      <MessageMenu messageId={messageId} senderName={senderName} />
    </Suspense>
  );
}

/**
 * A member's stored message: their words; folded away when the viewer blocked them, until clicked;
 * or 'Removed by a moderator'.
 */
function StoredBubble({ message, own, sender }: { message: WireMessage; own: boolean; sender: Sender }) {
  const [unfolded, setUnfolded] = useState(false);
  const removed = message.messageType === "removed";
  const folded = !own && !removed && sender.blocked && !unfolded;
  return (
    <Bubble
      own={own}
      sender={sender}
      at={message.createdAt}
      quiet={removed || folded}
      actions={own || removed ? undefined : <MessageActions messageId={message.id} senderName={sender.name} />}
    >
      {removed ? (
        REMOVED_BY_MODERATOR
      ) : folded ? (
        <button
          type="button"
          className="text-left underline-offset-2 hover:underline"
          onClick={() => setUnfolded(true)}
        >
          {BLOCKED_MESSAGE}
        </button>
      ) : (
        <MessageText text={message.content} />
      )}
    </Bubble>
  );
}

/** One stored message, after its day's separator when it is the day's first. */
const MessageRow = memo(function MessageRow({
  message,
  newDay,
  own,
  sender,
}: {
  message: WireMessage;
  newDay: boolean;
  own: boolean;
  sender: Sender;
}) {
  return (
    <>
      {newDay && <DaySeparator at={message.createdAt} />}
      {message.messageType === "system" ? (
        <li className="text-center text-xs text-muted-foreground italic">{message.content}</li>
      ) : (
        <StoredBubble message={message} own={own} sender={sender} />
      )}
    </>
  );
});

/** One of the member's own messages on its way: 'Sending…', or 'Not sent.' with Retry. */
const PendingRow = memo(function PendingRow({
  message,
  sender,
  onRetry,
}: {
  message: PendingMessage;
  sender: Sender;
  onRetry: (clientId: string) => void;
}) {
  return (
    <Bubble
      own
      sender={sender}
      at={message.createdAt}
      footer={
        message.error ? (
          <span className="flex flex-wrap items-center gap-x-2 text-xs text-destructive" role="alert">
            Not sent.
            {message.error !== NOT_SENT && <span>{message.error}</span>}
            <Button variant="link" size="inline" className="text-xs" onClick={() => onRetry(message.clientId)}>
              <RotateCw aria-hidden />
              Retry
            </Button>
          </span>
        ) : (
          <span className="text-xs text-muted-foreground">Sending…</span>
        )
      }
    >
      <span className={cn(!message.error && "opacity-80")}>
        <MessageText text={message.content} />
      </span>
    </Bubble>
  );
});

interface Props {
  messages: WireMessage[];
  pending: PendingMessage[];
  myId: string;
  senderOf: (userId: string) => Sender;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (clientId: string) => void;
  /** Called with the newest message's number whenever it is in view at the bottom. */
  onSeeNewest: (seq: number) => void;
}

/**
 * Oldest first with day separators. Sticks to the bottom unless the member scrolled up; then new
 * messages raise a pill instead of moving the view. Loading older history keeps the view in place.
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
  onSeeNewest,
}: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [unseen, setUnseen] = useState(false);
  const firstSeq = messages[0]?.seq;
  const lastSeq = messages.at(-1)?.seq;
  const heightBefore = useRef<{ first: number | undefined; height: number }>({ first: undefined, height: 0 });

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = heightBefore.current;
    const settle = () => {
      if (before.first !== undefined && firstSeq !== undefined && firstSeq < before.first) {
        // Older messages went in above: keep what the member was looking at where it was.
        el.scrollTop += el.scrollHeight - before.height;
      } else if (atBottom.current) {
        el.scrollTop = el.scrollHeight;
        onSeeNewest(lastSeq ?? 0);
      } else if (lastSeq !== undefined) {
        // Measured after layout, so it cannot be worked out while rendering.
        setUnseen(true);
      }
      heightBefore.current = { first: firstSeq, height: el.scrollHeight };
    };
    if (before.first === undefined) {
      // The first messages are brought to the bottom in the frame that paints them, not by forcing
      // their layout inside the commit that made them: on a phone that layout is the commit's
      // longest part. Nobody has scrolled yet, so nothing can move in between.
      const frame = requestAnimationFrame(settle);
      return () => cancelAnimationFrame(frame);
    }
    settle();
  }, [firstSeq, lastSeq, pending.length, onSeeNewest]);

  const onScroll = () => {
    const el = scroller.current!;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICKY_PX;
    heightBefore.current.height = el.scrollHeight;
    if (atBottom.current) {
      setUnseen(false);
      onSeeNewest(lastSeq ?? 0);
    }
    if (el.scrollTop < LOAD_OLDER_PX && hasOlder && !loadingOlder) onLoadOlder();
  };

  const toBottom = () => {
    const el = scroller.current!;
    el.scrollTo({ top: el.scrollHeight, behavior: "smooth" });
    setUnseen(false);
  };

  // Built again only when the messages or their senders change: a chat re-renders for typing hints,
  // presence and every send, and rebuilding hundreds of bubbles each time would stall a phone. A new
  // message renders its own row only: the others keep their props.
  const rows = useMemo(
    () =>
      messages.map((message, i) => (
        <MessageRow
          key={message.id}
          message={message}
          newDay={i === 0 || dayKey(messages[i - 1]!.createdAt) !== dayKey(message.createdAt)}
          own={message.senderId === myId}
          sender={senderOf(message.senderId)}
        />
      )),
    [messages, myId, senderOf],
  );

  const me = senderOf(myId);
  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scroller}
        onScroll={onScroll}
        className="h-full overflow-y-auto px-3 py-4 sm:px-6"
        data-testid="message-scroller"
      >
        {loadingOlder && <p className="pb-2 text-center text-xs text-muted-foreground">Loading earlier messages…</p>}
        {messages.length === 0 && pending.length === 0 ? (
          <p className="flex h-full items-center justify-center text-sm text-muted-foreground">No messages yet</p>
        ) : (
          <ol className="mx-auto flex max-w-3xl flex-col gap-3" aria-label="Messages">
            {rows}
            {pending.map((p) => (
              <PendingRow key={p.clientId} message={p} sender={me} onRetry={onRetry} />
            ))}
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
  );
});
