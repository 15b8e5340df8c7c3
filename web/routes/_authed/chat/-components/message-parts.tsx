import { Pin } from "lucide-react";
import { use, useId, type ReactNode } from "react";
import { ORIGINAL_DELETED, REACTION_NAMES, REACTIONS } from "@core/chat-rules";
import { plainMentions } from "@core/mentions";
import type { WireMessage } from "@party/protocol";
import { cn } from "@web/lib/cn";
import { MessageActionsContext } from "./message-actions";

export const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/**
 * A note shown while its owner is hovered or focused, after the spec's 700 ms (§9). Plain CSS, no
 * script: a chat shows hundreds of them, and the page's JavaScript is kept for the messages. Its
 * owner (`group/tip`) holds its text in an element of its own, which the note does not widen.
 */
export function Tip({ id, children, align = "start" }: { id: string; children: ReactNode; align?: "start" | "end" }) {
  return (
    <span
      id={id}
      role="tooltip"
      className={cn(
        "pointer-events-none invisible absolute bottom-full z-20 mb-1 w-max max-w-56 rounded-md bg-foreground px-2 py-1 text-xs text-background shadow-md transition-[visibility] group-hover/tip:visible group-hover/tip:delay-700 group-has-focus-visible/tip:visible",
        align === "end" ? "right-0" : "left-0",
      )}
    >
      {children}
    </span>
  );
}

/** Names as a sentence: 'Ada', 'Ada and Bob', 'Ada, Bob and Cy'. */
export const namesList = (names: string[]) =>
  names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

/** Above a reply's text: who it answers and their first line; clicking scrolls to it. */
export function ReplyQuote({ quote, own }: { quote: NonNullable<WireMessage["replyTo"]>; own: boolean }) {
  const { nameOf, jumpTo } = use(MessageActionsContext);
  const frame = cn(
    "mb-1 block w-full max-w-full rounded-md border-l-4 px-2 py-1 text-left text-xs",
    own ? "border-primary-foreground/60 bg-primary-foreground/15" : "border-primary/60 bg-background/60",
  );
  if (quote.deleted) {
    return <span className={cn(frame, "italic opacity-80")}>{ORIGINAL_DELETED}</span>;
  }
  return (
    <button
      type="button"
      className={cn(frame, "outline-none hover:opacity-90 focus-visible:ring-2 focus-visible:ring-ring")}
      onClick={() => jumpTo(quote.seq)}
      aria-label={`Reply to ${nameOf(quote.senderId)}: ${plainMentions(quote.excerpt)}. Show the original message`}
    >
      <span className="block font-semibold">{nameOf(quote.senderId)}</span>
      <span className="block truncate">{plainMentions(quote.excerpt)}</span>
    </button>
  );
}

/** Under a message: each reaction with its count, the member's own pressed; pressing one toggles it. */
export function Reactions({ message, own }: { message: WireMessage; own: boolean }) {
  const { myId, nameOf, react } = use(MessageActionsContext);
  const tipId = useId();
  const shown = REACTIONS.filter((emoji) => (message.reactions[emoji]?.length ?? 0) > 0);
  if (shown.length === 0) return null;
  return (
    <div className={cn("flex flex-wrap gap-1", own && "justify-end")}>
      {shown.map((emoji) => {
        const who = message.reactions[emoji]!;
        const mine = who.includes(myId);
        const names = namesList(who.map((id) => (id === myId ? "You" : nameOf(id))));
        return (
          <span key={emoji} className="group/tip relative">
            <button
              type="button"
              aria-pressed={mine}
              aria-label={`${emoji} ${who.length}: ${names}`}
              aria-describedby={`${tipId}-${emoji}`}
              onClick={() => react(message, emoji, !mine)}
              className={cn(
                "inline-flex h-7 items-center gap-1 rounded-full border px-2 text-xs outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring",
                mine ? "border-primary bg-primary/10 text-foreground" : "bg-background text-muted-foreground",
              )}
            >
              <span aria-hidden>{emoji}</span>
              <span aria-hidden className="tabular-nums">
                {who.length}
              </span>
            </button>
            <Tip id={`${tipId}-${emoji}`} align={own ? "end" : "start"}>
              {names} reacted with {REACTION_NAMES[emoji]}
            </Tip>
          </span>
        );
      })}
    </div>
  );
}

/** '(edited)' beside the time, and when, on hover. */
export function EditedMark({ at, own }: { at: number; own: boolean }) {
  const tipId = useId();
  const when = dateTimeFormat.format(at);
  return (
    <span className="group/tip relative cursor-default" aria-describedby={tipId}>
      <span>(edited)</span>
      <span className="sr-only"> {when}</span>
      <Tip id={tipId} align={own ? "end" : "start"}>
        Edited {when}
      </Tip>
    </span>
  );
}

/** Under the member's last message: 'Seen' in a private chat, 'Seen by N' in a group with the names on hover. */
export function SeenLine({ by, group }: { by: string[]; group: boolean }) {
  const tipId = useId();
  if (by.length === 0) return null;
  if (!group) return <span className="text-xs text-muted-foreground">Seen</span>;
  return (
    <span className="group/tip relative cursor-default text-xs text-muted-foreground" aria-describedby={tipId}>
      <span>Seen by {by.length}</span>
      <span className="sr-only">: {namesList(by)}</span>
      <Tip id={tipId} align="end">
        {namesList(by)}
      </Tip>
    </span>
  );
}

/** Beside a pinned message's time: it is in the chat's pins panel. */
export function PinnedMark() {
  return (
    <span className="inline-flex items-center gap-0.5" title="Pinned">
      <Pin className="size-3" aria-hidden />
      <span className="sr-only">Pinned</span>
    </span>
  );
}
