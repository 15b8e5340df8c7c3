import { Pencil, Reply, SmilePlus, Trash2 } from "lucide-react";
import { createContext, use, useEffect, useRef, type KeyboardEvent, type Ref } from "react";
import { REACTION_NAMES, REACTIONS, type Reaction } from "@core/chat-rules";
import type { WireMessage } from "@party/protocol";
import { cn } from "@web/lib/cn";

/** What a member can do to a stored message, from its toolbar, its reactions and its quote. */
export interface MessageHandlers {
  react: (message: WireMessage, emoji: Reaction, on: boolean) => void;
  reply: (message: WireMessage) => void;
  edit: (message: WireMessage) => void;
  remove: (message: WireMessage) => void;
  /** Its author takes its link preview off, for everyone. */
  removePreview: (message: WireMessage) => void;
  /** Scrolls to a message, loading older pages until it is held. */
  jumpTo: (seq: number) => void;
}

/**
 * Handed down as context, so the rows keep their props (and skip rendering) however often the page
 * around them renders. `open` shows one message's toolbar (keyboard, long press) until closed.
 */
export const MessageActionsContext = createContext<
  MessageHandlers & {
    myId: string;
    /** A group admin may delete anyone's message. */
    deletesAny: boolean;
    nameOf: (userId: string) => string;
    open: (id: number | null) => void;
  }
>(null!);

const toolButton =
  "inline-flex size-8 items-center justify-center rounded-full text-base outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4";

/**
 * The six reactions and what else the member may do to this message: reply, and for their own text
 * edit and delete (a group admin deletes any). Escape closes it and gives focus back to the message.
 */
export function MessageToolbar({
  message,
  own,
  focusFirst,
  onClose,
}: {
  message: WireMessage;
  own: boolean;
  /** Opened on purpose (not by hovering): focus moves into it. */
  focusFirst: boolean;
  /** After an action, or on Escape, which gives focus back to the message. */
  onClose: (backToMessage: boolean) => void;
}) {
  const actions = use(MessageActionsContext);
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusFirst) bar.current?.querySelector("button")?.focus();
  }, [focusFirst]);
  const mine = (emoji: Reaction) => message.reactions[emoji]?.includes(actions.myId) ?? false;
  const act = (then: () => void) => () => {
    onClose(false);
    then();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose(true);
    }
  };
  return (
    <div
      ref={bar}
      role="toolbar"
      aria-label="Message actions"
      onKeyDown={onKeyDown}
      className={cn(
        // On the row's empty side, clear of the name, the time and '(edited)'.
        "absolute -top-5 z-10 flex items-center rounded-full border bg-background p-0.5 shadow-md",
        own ? "left-0" : "right-0",
      )}
    >
      {REACTIONS.map((emoji) => (
        <button
          key={emoji}
          type="button"
          className={cn(toolButton, mine(emoji) && "bg-accent")}
          aria-label={`React with ${REACTION_NAMES[emoji]}`}
          aria-pressed={mine(emoji)}
          onClick={act(() => actions.react(message, emoji, !mine(emoji)))}
        >
          <span aria-hidden>{emoji}</span>
        </button>
      ))}
      <span className="mx-0.5 h-5 w-px bg-border" aria-hidden />
      <button type="button" className={toolButton} aria-label="Reply" onClick={act(() => actions.reply(message))}>
        <Reply aria-hidden />
      </button>
      {own && (
        <button type="button" className={toolButton} aria-label="Edit" onClick={act(() => actions.edit(message))}>
          <Pencil aria-hidden />
        </button>
      )}
      {(own || actions.deletesAny) && (
        <button
          type="button"
          className={cn(toolButton, "text-destructive")}
          aria-label="Delete"
          onClick={act(() => actions.remove(message))}
        >
          <Trash2 aria-hidden />
        </button>
      )}
    </div>
  );
}

/**
 * The way to a message's toolbar from the keyboard (a pointer hovers, a finger presses long): out of
 * the way until the message is hovered or the button focused.
 */
export function ToolbarButton({
  ref,
  expanded,
  onToggle,
}: {
  ref: Ref<HTMLButtonElement>;
  expanded: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label="Message actions"
      aria-expanded={expanded}
      onClick={onToggle}
      className={cn(
        toolButton,
        "shrink-0 self-center text-muted-foreground opacity-0 group-hover/row:opacity-100 focus-visible:opacity-100",
        expanded && "opacity-100",
      )}
    >
      <SmilePlus aria-hidden />
    </button>
  );
}
