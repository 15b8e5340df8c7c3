import { useRef, useState } from "react";
import { isCallEvent } from "@party/call-wire";
import type { ChatRoomEvent } from "@party/protocol";
import { useHearCalls } from "@web/lib/calls/chat-call";
import { useRoomSocket } from "@web/lib/room-socket";
import { chatRoomKey, firstTicket, readSince, type Dated } from "@web/lib/tickets-ahead";
import { trpc } from "@web/lib/trpc";
import { useOutbox } from "./use-outbox";
import { useAnnounceTyping, usePresence } from "./use-presence";
import { useReceiptEvents } from "./use-receipts";
import { useTimeline } from "./use-timeline";

/**
 * Everything live about one open chat, through its room's socket: the messages and what changes
 * them (useTimeline), own messages on their way (useOutbox), read receipts (useReceiptEvents), who
 * is online and typing (usePresence). None of it is state of the page that calls this: each part is
 * read where it shows, so a frame renders the row, or the status line, it changes and nothing else.
 */
export function useChat(chatId: string, myId: string, onGone: () => void) {
  const utils = trpc.useUtils();
  const timeline = useTimeline(chatId);
  const { outbox, send, retry } = useOutbox(chatId, timeline.receive);
  const presence = usePresence(myId);
  const receipts = useReceiptEvents(chatId);
  const hearCall = useHearCalls(chatId);

  const refetchPins = () => void utils.messages.pins.invalidate({ chatId });

  /** The first socket's ticket, asked beside the page's data, while the room's welcome is awaited. */
  const firstDated = useRef<Dated | null>(null);
  const opened = useRef(false);
  // The API will not let this member into the chat's room again (a block): it reads, and takes nothing.
  const [unreachable, setUnreachable] = useState(false);
  const { socket } = useRoomSocket<ChatRoomEvent>({
    room: "chat-room",
    name: chatId,
    ticket: async () => {
      const ask = () => utils.client.chats.ticket.query({ chatId });
      if (opened.current) return ask();
      const { ticket, dated } = await firstTicket(chatRoomKey(chatId), ask);
      firstDated.current = dated;
      return ticket;
    },
    onOpen: () => {
      // The page's first socket, with the ticket asked beside its data, lets the room's welcome say
      // whether it missed anything; any other catches up at once.
      const first = !opened.current;
      opened.current = true;
      if (!first || !firstDated.current) {
        firstDated.current = null;
        void timeline.catchUp();
      }
      receipts.reopened();
      // A pin made while the socket was away is not announced again.
      if (!first) refetchPins();
    },
    onGone,
    onRefused: () => setUnreachable(true),
    onEvent: (event) => {
      switch (event.type) {
        case "messages":
          timeline.receive(event.messages);
          presence.hearSent(event.messages.map((m) => m.senderId));
          if (event.messages.some((m) => m.messageType === "system")) void utils.chats.byId.invalidate({ chatId });
          break;
        case "changes":
          timeline.receiveChanges(event.messages);
          // A deleted or taken-down message leaves the pins with it (on the server, in the same statement).
          if (event.messages.some((m) => m.deletedAt !== null || m.messageType !== "text")) refetchPins();
          break;
        case "pins":
          refetchPins();
          break;
        case "seen":
          receipts.hear(event);
          break;
        case "board":
          // The project's board page listens to the same room; the chat shows only the lines it writes.
          break;
        case "welcome": {
          const dated = firstDated.current;
          firstDated.current = null;
          if (dated) timeline.welcomed(event, (pageAskedAt) => readSince(dated, pageAskedAt));
          break;
        }
        default:
          if (isCallEvent(event)) hearCall(event);
          else if (event.type !== "pong") presence.hear(event);
      }
    },
  });
  const announceTyping = useAnnounceTyping(socket);

  return { timeline, outbox, presence: presence.store, send, retry, announceTyping, unreachable };
}
