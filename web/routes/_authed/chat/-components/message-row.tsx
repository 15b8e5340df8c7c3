import { RotateCw } from "lucide-react";
import { lazy, memo, Suspense, use, useRef, useState, type MouseEvent, type PointerEvent, type ReactNode } from "react";
import { MESSAGE_DELETED } from "@core/chat-rules";
import { BLOCKED_MESSAGE, REMOVED_BY_MODERATOR } from "@core/safety-rules";
import type { WireMessage } from "@party/protocol";
import { Avatar } from "@web/components/avatar";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";
import { MessageAttachments } from "./attachments";
import { MessageActionsContext, MessageToolbar, ToolbarButton } from "./message-actions";
import { MessageActionsButton } from "./message-actions-button";
import { LinkPreviewCard } from "./link-preview";
import { EditedMark, Reactions, ReplyQuote } from "./message-parts";
import { MessageText } from "./message-text";
import { NOT_SENT, type PendingMessage } from "./use-outbox";

export interface Sender {
  name: string;
  avatarUrl: string | null;
  /** The viewer blocked them: in a group their messages are folded away until clicked. */
  blocked?: boolean;
}

/** A message's menu (reporting it) is rarely opened: its code is fetched on the first open (message-menu.tsx). */
const MessageMenu = lazy(() => import("./message-menu"));

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

/** Above the first message the member had not read when the chat opened; the chat opens there. */
export function UnreadDivider() {
  return (
    <li className="my-3 scroll-mt-4" data-unread-divider>
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

function Bubble({
  own,
  sender,
  at,
  children,
  header,
  footer,
  tools,
  quiet = false,
}: {
  own: boolean;
  sender: Sender;
  at: number;
  children: ReactNode;
  /** Words that are not the sender's (removed, folded away): muted and italic. */
  quiet?: boolean;
  /** After the time: '(edited)'. */
  header?: ReactNode;
  footer?: ReactNode;
  /** Beside the bubble, toward the middle: the way to the message's toolbar. */
  tools?: ReactNode;
}) {
  return (
    <>
      {!own && <Avatar name={sender.name} url={sender.avatarUrl} className="size-8" />}
      <div className={cn("relative flex max-w-[80%] min-w-0 flex-col gap-1 sm:max-w-[70%]", own && "items-end")}>
        <div className="flex items-center gap-2 text-xs text-muted-foreground">
          {!own && <span className="font-medium text-foreground">{sender.name}</span>}
          <span className="flex shrink-0 items-center gap-2 whitespace-nowrap">
            <time dateTime={new Date(at).toISOString()}>{time(at)}</time>
            {header}
          </span>
        </div>
        <div className={cn("flex max-w-full items-center gap-1", own && "flex-row-reverse")}>
          <div
            className={cn(
              "min-w-0 whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-sm",
              own ? "rounded-br-sm" : "rounded-bl-sm",
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
        </div>
        {footer}
      </div>
    </>
  );
}

/** How long a finger rests on a message before its toolbar opens. */
const LONG_PRESS_MS = 500;
/** A finger that moves further than this is scrolling, not pressing. */
const PRESS_SLOP_PX = 10;

/**
 * Opens the toolbar on a long press by touch; a pointer hovers instead. The system's own long-press
 * menu (the contextmenu event, which some phones fire first) opens it too, in that menu's place.
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

/** One stored message, after its day's separator when it is the day's first. */
export const MessageRow = memo(function MessageRow({
  message,
  newDay,
  own,
  sender,
  unreadFromHere,
  toolbar,
  highlighted,
  footer,
  observe,
  onHover,
}: {
  message: WireMessage;
  newDay: boolean;
  /** The 'New messages' line goes above it. */
  unreadFromHere: boolean;
  own: boolean;
  sender: Sender;
  /** Its toolbar shows: while hovered, or opened (from the keyboard or by a long press) until closed. */
  toolbar: "hover" | "open" | null;
  /** Just jumped to, from a reply's quote. */
  highlighted: boolean;
  /** Under the bubble: the read receipt of the member's last message. */
  footer?: ReactNode;
  /** Tells which messages are on screen (use-displayed.ts). */
  observe: (element: HTMLElement | null) => void;
  onHover: (id: number | null) => void;
}) {
  const actions = use(MessageActionsContext);
  const longPress = useLongPress(() => actions.open(message.id));
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
      <>
        {newDay && <DaySeparator at={message.createdAt} />}
        <li ref={observe} data-seq={message.seq} className="text-center text-xs text-muted-foreground italic">
          {message.content}
        </li>
      </>
    );
  }
  return (
    <>
      {newDay && <DaySeparator at={message.createdAt} />}
      {unreadFromHere && <UnreadDivider />}
      <li
        ref={observe}
        data-seq={message.seq}
        data-message-id={message.id}
        data-own={own}
        data-highlighted={highlighted || undefined}
        className={cn(
          "group/row relative flex scroll-mt-16 items-end gap-2 rounded-lg transition-colors duration-700",
          own && "flex-row-reverse",
          highlighted && "bg-primary/10",
        )}
        onMouseEnter={interactive ? () => onHover(message.id) : undefined}
        onMouseLeave={interactive ? () => onHover(null) : undefined}
        {...(interactive ? longPress : {})}
      >
        <Bubble
          own={own}
          sender={sender}
          at={message.createdAt}
          quiet={removed || folded}
          header={
            <>
              {message.editedAt !== null && !deleted && !removed && <EditedMark at={message.editedAt} own={own} />}
              {!own && !removed && !deleted && <MessageMenuButton messageId={message.id} senderName={sender.name} />}
            </>
          }
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
              {interactive && <LinkPreviewCard message={message} own={own} />}
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
                <span>
                  <MessageText text={message.content} />
                </span>
              )}
            </>
          )}
        </Bubble>
        {toolbar && interactive && (
          <MessageToolbar message={message} own={own} focusFirst={toolbar === "open"} onClose={close} />
        )}
      </li>
    </>
  );
});

/** One of the member's own messages on its way: 'Sending…', or 'Not sent.' with Retry. */
export const PendingRow = memo(function PendingRow({
  message,
  sender,
  onRetry,
}: {
  message: PendingMessage;
  sender: Sender;
  onRetry: (clientId: string) => void;
}) {
  return (
    <li className="flex flex-row-reverse items-end gap-2" data-own>
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
        {message.replyTo && <ReplyQuote quote={message.replyTo} own />}
        <span className={cn("block", !message.error && "opacity-80")}>
          <MessageAttachments files={message.attachments} own />
          {message.content && <MessageText text={message.content} />}
        </span>
      </Bubble>
    </li>
  );
});
