import { useSelector } from "@tanstack/react-store";
import type { QueryKey } from "@tanstack/react-query";
import { useMemo, type ComponentProps } from "react";
import { trpc } from "@web/lib/trpc";
import { MessageList } from "./message-list";
import type { Outbox } from "./use-outbox";
import { useReceipts } from "./use-receipts";
import { useTimelineMessages } from "./use-timeline";

type ListProps = ComponentProps<typeof MessageList>;

/**
 * The open chat's messages, with the member's own on their way, the others' read receipts and which
 * are pinned. It reads them itself, as they change: a room's frame, a send or a receipt renders this list (and
 * in it the row that changed), never the page around it.
 */
export function ChatMessages({
  chatId,
  timelineKey,
  outbox,
  ...list
}: Omit<ListProps, "messages" | "pending" | "readUpTo" | "receipts" | "pinned"> & {
  chatId: string;
  timelineKey: QueryKey;
  outbox: Outbox;
}) {
  const { messages, loaded, readUpTo } = useTimelineMessages(timelineKey, list.myId);
  const queued = useSelector(outbox);
  const receipts = useReceipts(chatId);
  // Asked for once the messages are in, so it never holds up the first screen; the header's pins
  // panel reads the same query, and the room says when to read it again (use-chat.ts).
  const pins = trpc.messages.pins.useQuery({ chatId }, { enabled: loaded });
  const pinned = useMemo(() => new Set(pins.data?.map((pin) => pin.messageId)), [pins.data]);

  // An own message shows once: as sent when the timeline holds it, whichever arrived first, the room's
  // frame or the send's answer.
  const pending = useMemo(() => {
    if (queued.length === 0) return queued;
    const held = new Set(messages.filter((m) => m.senderId === list.myId).map((m) => m.clientId));
    return queued.filter((p) => !held.has(p.clientId));
  }, [queued, messages, list.myId]);

  if (!loaded) {
    return (
      <div role="status" className="flex flex-1 items-center justify-center text-sm text-muted-foreground">
        Loading messages...
      </div>
    );
  }
  return (
    <MessageList
      {...list}
      messages={messages}
      pending={pending}
      readUpTo={readUpTo}
      receipts={receipts}
      pinned={pinned}
    />
  );
}
