import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { plainMentions } from "@core/mentions";
import { NO_PINS } from "@core/pin-rules";
import { Button } from "@web/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@web/components/ui/popover";
import { relativeTime } from "@web/lib/relative-time";
import { trpc } from "@web/lib/trpc";
import type { RouterOutputs } from "@web/lib/types";
import { ChatPinsButton, type Chat } from "./chat-header-parts";

type Pin = RouterOutputs["messages"]["pins"][number];

/**
 * The header's pins panel: the chat's pinned messages, newest pin first, each opening the chat at its
 * message, highlighted (as a search result does).
 */
export default function ChatPins({ chat, myId }: { chat: Chat; myId: string }) {
  const [open, setOpen] = useState(false);
  // Read afresh each time the panel opens; while it is closed the count comes from the message
  // list's reading of the same query.
  const pins = trpc.messages.pins.useQuery({ chatId: chat.id }, { enabled: open });
  const names = new Map(chat.participants.map((p) => [p.userId, p.name || "Former member"]));
  const nameOf = (userId: string) => (userId === myId ? "You" : (names.get(userId) ?? "Former member"));
  const count = pins.data?.length ?? 0;

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <ChatPinsButton
          aria-label={count ? `Pinned messages (${count})` : "Pinned messages"}
          // A phone's header keeps its width for the chat's name while there is nothing pinned.
          className={count ? undefined : "max-sm:hidden"}
        />
      </PopoverTrigger>
      <PopoverContent className="w-[min(24rem,calc(100vw-1rem))] p-0" aria-label="Pinned messages">
        <h2 className="border-b px-3 py-2 text-sm font-semibold">Pinned messages</h2>
        <div className="max-h-[60dvh] overflow-y-auto">
          {pins.isPending ? (
            <p role="status" className="px-3 py-4 text-sm text-muted-foreground">
              Loading pinned messages…
            </p>
          ) : pins.isError ? (
            <p role="alert" className="px-3 py-4 text-sm text-destructive">
              Pinned messages could not be loaded.{" "}
              <Button variant="link" size="inline" onClick={() => void pins.refetch()}>
                Try again
              </Button>
            </p>
          ) : pins.data.length === 0 ? (
            <p role="status" className="px-3 py-4 text-sm text-muted-foreground">
              {NO_PINS}
            </p>
          ) : (
            <ul aria-label="Pinned messages" className="divide-y">
              {pins.data.map((pin) => (
                <PinEntry
                  key={pin.messageId}
                  pin={pin}
                  chatId={chat.id}
                  nameOf={nameOf}
                  mentioned={(userId) => names.get(userId) ?? null}
                  onOpen={() => setOpen(false)}
                />
              ))}
            </ul>
          )}
        </div>
      </PopoverContent>
    </Popover>
  );
}

function PinEntry({
  pin,
  chatId,
  nameOf,
  mentioned,
  onOpen,
}: {
  pin: Pin;
  chatId: string;
  nameOf: (userId: string) => string;
  /** A mention's current name, when its member is in the chat. */
  mentioned: (userId: string) => string | null;
  onOpen: () => void;
}) {
  return (
    <li>
      <Link
        to="/chat/$chatId"
        params={{ chatId }}
        search={{ at: pin.seq }}
        onClick={onOpen}
        className="block px-3 py-2 outline-none transition-colors hover:bg-accent focus-visible:bg-accent"
      >
        <span className="flex items-baseline gap-2 text-xs text-muted-foreground">
          <span className="truncate font-medium text-foreground">{nameOf(pin.senderId)}</span>
          <time className="ml-auto shrink-0" dateTime={new Date(pin.createdAt).toISOString()}>
            {relativeTime(new Date(pin.createdAt))}
          </time>
        </span>
        <span className="line-clamp-2 text-sm [overflow-wrap:anywhere]">{plainMentions(pin.excerpt, mentioned)}</span>
        <span className="block text-xs text-muted-foreground">
          Pinned by {nameOf(pin.pinnedBy)} · {relativeTime(new Date(pin.pinnedAt))}
        </span>
      </Link>
    </li>
  );
}
