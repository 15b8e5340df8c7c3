/**
 * A chat page without the page: a real partysocket client that holds a chat's messages the way
 * the SPA does (merge by sequence number, catch up on every connect and on any gap), driven
 * through a member's own HTTP session against the running host.
 */
import type { ChatRoomEvent, WireMessage } from "@party/protocol";
import { sequenceTracker } from "@party/wire";
import { roomSocket } from "@testing/rooms-process";
import type { testBrowser } from "@testing/browser";

type Browser = ReturnType<typeof testBrowser>;

export function liveChatClient(roomsHost: string, browser: Browser, chatId: string) {
  const held = new Map<number, WireMessage>();
  const seen = sequenceTracker();
  let catchingUp: Promise<void> | null = null;
  const hold = (messages: WireMessage[]) => {
    for (const m of messages) held.set(m.seq, m);
  };
  const catchUp = () =>
    (catchingUp ??= (async () => {
      try {
        for (;;) {
          const page = await browser.trpc.chats.messages.query({ chatId, afterSeq: seen.caughtUpTo });
          hold(page.messages);
          seen.complete(page.messages);
          if (!page.hasMore) break;
        }
      } finally {
        catchingUp = null;
      }
    })());

  const live = roomSocket(
    roomsHost,
    "chat-room",
    chatId,
    async () => (await browser.trpc.chats.ticket.mutate({ chatId })).ticket,
    true,
  );
  live.socket.addEventListener("open", () => void catchUp().catch(() => undefined));
  live.socket.addEventListener("message", (event) => {
    const data = JSON.parse(String(event.data)) as ChatRoomEvent;
    if (data.type !== "messages") return;
    hold(data.messages);
    if (seen.add(data.messages)) void catchUp().catch(() => undefined);
  });

  return {
    socket: live.socket,
    opened: live.opened,
    /** What the member would see, oldest first. */
    messages: () => [...held.values()].sort((a, b) => a.seq - b.seq),
    close: () => live.socket.close(),
  };
}
