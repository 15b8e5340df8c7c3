import { useMemo } from "react";
import { isCallEvent } from "@party/call-wire";
import type { ChatRoomEvent } from "@party/protocol";
import { useHearCalls } from "@web/lib/calls/chat-call";
import { useRoomSocket } from "@web/lib/room-socket";
import { trpc } from "@web/lib/trpc";
import { useOutbox } from "./use-outbox";
import { useAnnounceTyping, usePresence } from "./use-presence";
import { useReceipts } from "./use-receipts";
import { useTimeline } from "./use-timeline";

/**
 * Everything live about one open chat, through its room's socket: the messages and what changes
 * them (useTimeline), own messages on their way (useOutbox), read receipts (useReceipts), who is
 * online and typing (usePresence).
 */
export function useChat(chatId: string, myId: string, onGone: () => void) {
  const utils = trpc.useUtils();
  const timeline = useTimeline(chatId, myId);
  const { outbox, send, retry } = useOutbox(chatId, (message) => timeline.receive([message]));
  const presence = usePresence(myId);
  const { receipts, hear, reopened } = useReceipts(chatId);
  const hearCall = useHearCalls(chatId);

  const ticket = trpc.chats.ticket.useMutation();
  const { socket } = useRoomSocket<ChatRoomEvent>({
    room: "chat-room",
    name: chatId,
    ticket: () => ticket.mutateAsync({ chatId }),
    onOpen: () => {
      void timeline.catchUp();
      reopened();
    },
    onGone,
    onEvent: (event) => {
      switch (event.type) {
        case "messages":
          timeline.receive(event.messages);
          if (event.messages.some((m) => m.messageType === "system")) void utils.chats.byId.invalidate({ chatId });
          break;
        case "changes":
          timeline.receiveChanges(event.messages);
          break;
        case "seen":
          hear(event);
          break;
        default:
          if (isCallEvent(event)) hearCall(event);
          else if (event.type !== "pong") presence.hear(event);
      }
    },
  });
  const announceTyping = useAnnounceTyping(socket);

  // An own message shows once: as sent when the timeline holds it, whichever arrived first, the room's
  // frame or the send's answer.
  const { messages } = timeline;
  const pending = useMemo(() => {
    if (outbox.length === 0) return outbox;
    const held = new Set(messages.filter((m) => m.senderId === myId).map((m) => m.clientId));
    return outbox.filter((p) => !held.has(p.clientId));
  }, [outbox, messages, myId]);

  return {
    messages,
    pending,
    loaded: timeline.loaded,
    readUpTo: timeline.readUpTo,
    receiveChanges: timeline.receiveChanges,
    receipts,
    hasOlder: timeline.hasOlder,
    loadingOlder: timeline.loadingOlder,
    loadOlder: timeline.loadOlder,
    online: presence.online,
    typing: presence.typing,
    send,
    retry,
    announceTyping,
  };
}
