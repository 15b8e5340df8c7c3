import { Pencil, Pin, PinOff, Reply, SmilePlus, Trash2, type LucideIcon } from "lucide-react";
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
  /** Pins the message for everyone in the chat (`on`), or unpins it. */
  pin: (message: WireMessage, on: boolean) => void;
  /** Its author takes its link preview off, for everyone. */
  removePreview: (message: WireMessage) => void;
  /** Scrolls to a message, loading older pages until it is held. */
  jumpTo: (seq: number) => void;
}

/**
 * Handed down as context, so the rows keep their props (and skip rendering) however often the page
 * around them renders.
 */
export const MessageActionsContext = createContext<
  MessageHandlers & {
    myId: string;
    /** A group admin may delete anyone's message. */
    deletesAny: boolean;
    /** Either member of a private chat, or a group's admin, pins messages. */
    pinsAllowed: boolean;
    /** Ids of the chat's pinned messages: rare to change, so every row may read them here. */
    pinned: ReadonlySet<number>;
    nameOf: (userId: string) => string;
    /** Shows one message's actions until closed: its toolbar (the keyboard's), or its sheet (a long press's). */
    open: (id: number | null, as?: "toolbar" | "sheet") => void;
  }
>(null!);

const toolButton =
  "inline-flex size-8 shrink-0 items-center justify-center rounded-full text-base outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4";

/** One thing to do to a message besides reacting, as the toolbar and the phone's sheet both offer it. */
export interface MessageAction {
  label: string;
  icon: LucideIcon;
  run: () => void;
  destructive?: boolean;
}

/**
 * Reply, pin (where the member may), and for the member's own text edit and delete (a group admin
 * deletes any): the toolbar's and the sheet's list.
 */
export function messageActions(
  message: WireMessage,
  own: boolean,
  actions: MessageHandlers & { deletesAny: boolean; pinsAllowed: boolean; pinned: ReadonlySet<number> },
) {
  const list: MessageAction[] = [{ label: "Reply", icon: Reply, run: () => actions.reply(message) }];
  if (actions.pinsAllowed) {
    const pinned = actions.pinned.has(message.id);
    list.push({
      label: pinned ? "Unpin" : "Pin",
      icon: pinned ? PinOff : Pin,
      run: () => actions.pin(message, !pinned),
    });
  }
  if (own) list.push({ label: "Edit", icon: Pencil, run: () => actions.edit(message) });
  if (own || actions.deletesAny) {
    list.push({ label: "Delete", icon: Trash2, run: () => actions.remove(message), destructive: true });
  }
  return list;
}

/** Whether the member's own reaction with this emoji is on the message. */
export const reactedWith = (message: WireMessage, emoji: Reaction, myId: string) =>
  message.reactions[emoji]?.includes(myId) ?? false;

/**
 * The six reactions, each pressed where the member's own is on the message, as the toolbar and the
 * phone's sheet both offer them (each with its own size); `act` closes the one they are in first.
 */
export function ReactionChoices({
  message,
  className,
  act,
}: {
  message: WireMessage;
  className: string;
  act: (then: () => void) => () => void;
}) {
  const actions = use(MessageActionsContext);
  return REACTIONS.map((emoji) => {
    const mine = reactedWith(message, emoji, actions.myId);
    return (
      <button
        key={emoji}
        type="button"
        className={cn(className, mine && "bg-accent")}
        aria-label={`React with ${REACTION_NAMES[emoji]}`}
        aria-pressed={mine}
        onClick={act(() => actions.react(message, emoji, !mine))}
      >
        <span aria-hidden>{emoji}</span>
      </button>
    );
  });
}

/**
 * The six reactions and what else the member may do to this message (`messageActions`). Escape
 * closes it and gives focus back to the message.
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
        // Inside its own row's box, at the top of the row's empty side: never over the message above
        // or below. Exactly as tall as a one-line row (message-row.tsx keeps every row at least that
        // tall), and as wide as the row at most, a phone's included; the row's own bubble may be under it.
        "absolute top-0 z-10 flex h-9 max-w-full items-center overflow-x-auto rounded-full border bg-background p-px shadow-md",
        own ? "left-0" : "right-0",
      )}
    >
      <ReactionChoices message={message} className={toolButton} act={act} />
      <span className="mx-0.5 h-5 w-px shrink-0 bg-border" aria-hidden />
      {messageActions(message, own, actions).map(({ label, icon: Icon, run, destructive }) => (
        <button
          key={label}
          type="button"
          className={cn(toolButton, destructive && "text-destructive")}
          aria-label={label}
          onClick={act(run)}
        >
          <Icon aria-hidden />
        </button>
      ))}
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
