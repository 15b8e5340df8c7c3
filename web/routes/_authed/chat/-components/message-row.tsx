import { RotateCw } from "lucide-react";
import { lazy, memo, Suspense, use, useRef, useState, type MouseEvent, type PointerEvent, type ReactNode } from "react";
import { MESSAGE_DELETED } from "@core/chat-rules";
import { firstWebAddress } from "@core/link-previews";
import { BLOCKED_MESSAGE, REMOVED_BY_MODERATOR } from "@core/safety-rules";
import type { WireMessage } from "@party/protocol";
import { Avatar } from "@web/components/avatar";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";
import { MessageAttachments } from "./attachments";
import { MessageActionsContext, MessageToolbar, ToolbarButton } from "./message-actions";
import { MessageActionsButton } from "./message-actions-button";
import { EditedMark, PinnedMark, Reactions, ReplyQuote } from "./message-parts";
import { MessageText } from "./message-text";
import { NOT_SENT, type PendingMessage } from "./use-outbox";

export interface Sender {
  name: string;
  avatarUrl: string | null;
  /** The viewer blocked them: in a group their messages are folded away until clicked. */
  blocked?: boolean;
}

/** A link's card, and the GitHub icons it may show, are fetched for the first message with an address. */
const LinkPreviewCard = lazy(() => import("./link-preview"));

/** A message's menu (reporting it) is rarely opened: its code is fetched on the first open (message-menu.tsx). */
const MessageMenu = lazy(() => import("./message-menu"));

/** A phone's sheet of a message's actions opens on a long press: its code is fetched on the first (message-sheet.tsx). */
const MessageSheet = lazy(() => import("./message-sheet"));

/** The plain button until a member first opens it; then the menu itself, which opens as it arrives. */
function MessageMenuButton({ messageId, senderName }: { messageId: number; senderName: string }) {
  const [opened, setOpened] = useState(false);
  if (!opened) return <MessageActionsButton onClick={() => setOpened(true)} />;
  return (
    <Suspense fallback={<MessageActionsButton disabled />}>
      <MessageMenu messageId={messageId} senderName={senderName} />
    </Suspense>
  );
}

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

/**
 * What each of the list's elements carries for the virtualizer: its place in the list, and the ref
 * that measures it (and, for a stored message, tells whether it is on screen, use-displayed.ts).
 */
export interface Placed {
  index: number;
  measure: (element: HTMLElement | null) => void | (() => void);
}

/** Before the first message of each day. Its space above and below is its own, so its measure holds all of it. */
export function DaySeparator({ at, index, measure }: { at: number } & Placed) {
  return (
    <li ref={measure} data-index={index} className="pt-6 pb-3">
      <div className="flex items-center gap-3 text-xs text-muted-foreground" role="separator" aria-label={day(at)}>
        <span className="h-px flex-1 bg-border" />
        {day(at)}
        <span className="h-px flex-1 bg-border" />
      </div>
    </li>
  );
}

/** Above the first message the member had not read when the chat opened; the chat opens there. */
export function UnreadDivider({ index, measure }: Placed) {
  return (
    <li ref={measure} data-index={index} className="pt-6 pb-3" data-unread-divider>
      <div
        className="flex items-center gap-3 text-xs font-medium text-destructive"
        role="separator"
        aria-label="New messages"
      >
        <span className="h-px flex-1 bg-destructive/60" />
        New messages
        <span className="h-px flex-1 bg-destructive/60" />
      </div>
    </li>
  );
}

/** Hidden until its row is hovered or holds the focus; still read by screen readers and reachable by Tab. */
const onRowHover =
  "opacity-0 transition-opacity group-hover/row:opacity-100 group-focus-within/row:opacity-100 focus-visible:opacity-100";

function Bubble({
  own,
  sender,
  at,
  continues = false,
  children,
  marks,
  menu,
  footer,
  tools,
  quiet = false,
}: {
  own: boolean;
  sender: Sender;
  at: number;
  /**
   * It goes on under the header of the sender's message above (message-groups.ts): no avatar (its
   * room kept, so bubbles align), name or time over it; its time shows beside it on hover and is
   * always in the text a screen reader reads, with the sender's name.
   */
  continues?: boolean;
  children: ReactNode;
  /** Words that are not the sender's (removed, folded away): muted and italic. */
  quiet?: boolean;
  /** After the time: '(edited)'. */
  marks?: ReactNode;
  /** After the marks: the way to the message's menu. */
  menu?: ReactNode;
  footer?: ReactNode;
  /** Beside the bubble, toward the middle: the way to the message's toolbar. */
  tools?: ReactNode;
}) {
  const stamp = (className?: string) => (
    <time dateTime={new Date(at).toISOString()} className={className}>
      {time(at)}
    </time>
  );
  return (
    <>
      {!own &&
        (continues ? (
          <span className="w-8 shrink-0" />
        ) : (
          <Avatar name={sender.name} url={sender.avatarUrl} className="size-8" />
        ))}
      <div className={cn("relative flex max-w-[80%] min-w-0 flex-col gap-1 sm:max-w-[70%]", own && "items-end")}>
        {continues ? (
          !own && <span className="sr-only">{sender.name}</span>
        ) : (
          <div className="flex items-center gap-2 text-xs text-muted-foreground">
            {!own && <span className="font-medium text-foreground">{sender.name}</span>}
            <span className="flex shrink-0 items-center gap-2 whitespace-nowrap">
              {stamp()}
              {marks}
              {menu}
            </span>
          </div>
        )}
        <div className={cn("flex max-w-full items-center gap-1", own && "flex-row-reverse")}>
          <div
            className={cn(
              "min-w-0 whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-sm",
              // A group's bubbles stack along the sender's side, its last one pointing at the avatar.
              own ? "rounded-br-sm" : "rounded-bl-sm",
              continues && (own ? "rounded-tr-sm" : "rounded-tl-sm"),
              quiet
                ? "border border-dashed italic text-muted-foreground"
                : own
                  ? "bg-primary text-primary-foreground"
                  : "bg-muted",
            )}
          >
            {children}
          </div>
          {tools}
          {continues && (
            <span
              className={cn(
                "flex shrink-0 items-center gap-2 px-1 text-xs whitespace-nowrap text-muted-foreground",
                own && "flex-row-reverse",
                // A phone shows a line's time and actions in its long press's sheet: kept beside the
                // bubble, unseen, they took a third of its width, and a group's later lines wrapped
                // early. Screen readers still read the time; a keyboard's focus brings them back.
                "max-sm:sr-only max-sm:focus-within:not-sr-only",
              )}
            >
              {stamp(onRowHover)}
              {marks}
              {menu && <span className={cn("flex has-[[data-state=open]]:opacity-100", onRowHover)}>{menu}</span>}
            </span>
          )}
        </div>
        {footer}
      </div>
    </>
  );
}

/**
 * A message's row: at least as tall as its toolbar, which stays inside the row (message-actions.tsx);
 * close under the message it goes on from, apart from what starts anew. The space above is the row's
 * own padding, not a margin or the list's gap, so the virtualizer's measure of the row holds it.
 */
const rowLayout = (own: boolean, continues: boolean) =>
  cn("group/row relative flex min-h-9 items-end gap-2", own && "flex-row-reverse", continues ? "pt-0.5" : "pt-3");

/** How long a finger rests on a message before its actions open. */
const LONG_PRESS_MS = 500;
/** A finger that moves further than this is scrolling, not pressing. */
const PRESS_SLOP_PX = 10;

/**
 * Opens the message's actions (in a sheet) on a long press by touch; a pointer hovers instead. The
 * system's own long-press menu (the contextmenu event, which some phones fire first) opens them too,
 * in that menu's place.
 */
function useLongPress(onPress: () => void) {
  const press = useRef<{ timer: ReturnType<typeof setTimeout>; x: number; y: number } | null>(null);
  const cancel = () => {
    if (press.current) clearTimeout(press.current.timer);
    press.current = null;
  };
  return {
    onContextMenu: (event: MouseEvent) => {
      if (!press.current) return;
      event.preventDefault();
      cancel();
      onPress();
    },
    onPointerDown: (event: PointerEvent) => {
      cancel();
      if (event.pointerType !== "touch") return;
      press.current = { timer: setTimeout(onPress, LONG_PRESS_MS), x: event.clientX, y: event.clientY };
    },
    onPointerMove: (event: PointerEvent) => {
      const at = press.current;
      if (at && Math.hypot(event.clientX - at.x, event.clientY - at.y) > PRESS_SLOP_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
  };
}

/** One stored message. */
export const MessageRow = memo(function MessageRow({
  message,
  own,
  sender,
  continues,
  toolbar,
  highlighted,
  footer,
  index,
  measure,
  onHover,
}: Placed & {
  message: WireMessage;
  /** It goes on under the header of the sender's message above (message-groups.ts). */
  continues: boolean;
  own: boolean;
  sender: Sender;
  /**
   * Its actions show: as a toolbar while hovered or once opened from the keyboard, as a sheet along
   * the bottom of the screen after a long press (a phone's), until closed.
   */
  toolbar: "hover" | "open" | "sheet" | null;
  /** Just jumped to, from a reply's quote. */
  highlighted: boolean;
  /** Under the bubble: the read receipt of the member's last message. */
  footer?: ReactNode;
  onHover: (id: number | null) => void;
}) {
  const actions = use(MessageActionsContext);
  const longPress = useLongPress(() => actions.open(message.id, "sheet"));
  const toolsButton = useRef<HTMLButtonElement>(null);
  const [unfolded, setUnfolded] = useState(false);
  const deleted = message.deletedAt !== null;
  const removed = message.messageType === "removed";
  const folded = !own && !removed && !deleted && sender.blocked && !unfolded;
  const interactive = message.messageType === "text" && !deleted && !folded;
  const close = (backToMessage: boolean) => {
    actions.open(null);
    if (backToMessage) toolsButton.current?.focus();
  };

  if (message.messageType === "system") {
    return (
      <li
        ref={measure}
        data-index={index}
        data-seq={message.seq}
        className="pt-3 text-center text-xs text-muted-foreground italic"
      >
        {message.content}
      </li>
    );
  }
  return (
    <>
      <li
        ref={measure}
        data-index={index}
        data-seq={message.seq}
        data-message-id={message.id}
        data-own={own}
        data-highlighted={highlighted || undefined}
        className={cn(
          rowLayout(own, continues),
          "rounded-lg bg-clip-content transition-colors duration-700",
          highlighted && "bg-primary/10",
        )}
        // A finger's tap is no hover: on a touch screen the actions wait for a long press, in a sheet.
        onPointerEnter={interactive ? (event) => event.pointerType !== "touch" && onHover(message.id) : undefined}
        onPointerLeave={interactive ? () => onHover(null) : undefined}
        {...(interactive ? longPress : {})}
      >
        <Bubble
          own={own}
          sender={sender}
          at={message.createdAt}
          continues={continues}
          quiet={removed || folded}
          marks={
            <>
              {actions.pinned.has(message.id) && <PinnedMark />}
              {message.editedAt !== null && !deleted && !removed && <EditedMark at={message.editedAt} own={own} />}
            </>
          }
          menu={!own && !removed && !deleted && <MessageMenuButton messageId={message.id} senderName={sender.name} />}
          tools={
            interactive && (
              <ToolbarButton
                ref={toolsButton}
                expanded={toolbar === "open"}
                onToggle={() => actions.open(toolbar === "open" ? null : message.id)}
              />
            )
          }
          footer={
            <>
              {interactive && !message.previewRemoved && firstWebAddress(message.content) !== null && (
                <Suspense>
                  <LinkPreviewCard message={message} own={own} />
                </Suspense>
              )}
              {interactive && <Reactions message={message} own={own} />}
              {footer}
            </>
          }
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
          ) : deleted ? (
            <span className="italic opacity-80">{MESSAGE_DELETED}</span>
          ) : (
            <>
              {message.replyTo && <ReplyQuote quote={message.replyTo} own={own} />}
              <MessageAttachments files={message.attachments} own={own} />
              {message.content && (
                <div>
                  <MessageText text={message.content} />
                </div>
              )}
            </>
          )}
        </Bubble>
        {(toolbar === "hover" || toolbar === "open") && interactive && (
          <MessageToolbar message={message} own={own} focusFirst={toolbar === "open"} onClose={close} />
        )}
      </li>
      {/* Beside the row, not in it: what happens in the sheet must not reach the row's own long press. */}
      {toolbar === "sheet" && interactive && (
        <Suspense>
          <MessageSheet message={message} own={own} sender={sender} onClose={() => actions.open(null)} />
        </Suspense>
      )}
    </>
  );
});

/** One of the member's own messages on its way: 'Sending…', or 'Not sent.' with Retry. */
export const PendingRow = memo(function PendingRow({
  message,
  sender,
  continues,
  index,
  measure,
  onRetry,
}: Placed & {
  message: PendingMessage;
  sender: Sender;
  /** It goes on under the member's message above. */
  continues: boolean;
  onRetry: (clientId: string) => void;
}) {
  return (
    <li ref={measure} data-index={index} className={rowLayout(true, continues)} data-own>
      <Bubble
        own
        sender={sender}
        at={message.createdAt}
        continues={continues}
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
        {message.replyTo && <ReplyQuote quote={message.replyTo} own />}
        <div className={cn(!message.error && "opacity-80")}>
          <MessageAttachments files={message.attachments} own />
          {message.content && <MessageText text={message.content} />}
        </div>
      </Bubble>
    </li>
  );
});
