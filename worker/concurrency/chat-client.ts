/**
 * A chat page without the page: a real partysocket client that holds a chat's messages the way
 * the SPA does (merge by sequence number, the most lately changed copy of each; catch up on
 * messages and on changes to them on every connect and on any gap), driven through a member's own
 * HTTP session against the running host.
 */
import type { ChatRoomEvent, WireMessage } from "@party/protocol";
import { changesHeldUpTo, sequenceTracker } from "@party/wire";
import { roomSocket } from "@testing/rooms-process";
import type { RunningHost } from "@testing/host";
import type { testBrowser } from "@testing/browser";
import { signUpMany } from "./crowd";

type Browser = ReturnType<typeof testBrowser>;

export function liveChatClient(roomsHost: string, browser: Browser, chatId: string) {
  const held = new Map<number, WireMessage>();
  const seen = sequenceTracker();
  let changedUpTo = 0;
  let catchingUp: Promise<void> | null = null;
  const hold = (messages: WireMessage[]) => {
    for (const m of messages) {
      const before = held.get(m.seq);
      if (!before || m.changeSeq > before.changeSeq) held.set(m.seq, m);
    }
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
        for (;;) {
          const page = await browser.trpc.messages.changes.query({ chatId, afterChange: changedUpTo });
          hold(page.messages);
          changedUpTo = Math.max(changedUpTo, page.changedUpTo);
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
    async () => (await browser.trpc.chats.ticket.query({ chatId })).ticket,
    true,
  );
  live.socket.addEventListener("open", () => void catchUp().catch(() => undefined));
  live.socket.addEventListener("message", (event) => {
    const data = JSON.parse(String(event.data)) as ChatRoomEvent;
    if (data.type === "messages") {
      hold(data.messages);
      if (seen.add(data.messages)) void catchUp().catch(() => undefined);
    } else if (data.type === "changes") {
      // Only messages already held change here; later ones come with their state from a catch-up.
      hold(data.messages.filter((m) => held.has(m.seq)));
      changedUpTo = changesHeldUpTo(changedUpTo, data.messages);
      if (data.messages.some((m) => m.changeSeq > changedUpTo)) void catchUp().catch(() => undefined);
    }
  });

  return {
    socket: live.socket,
    opened: live.opened,
    /** What the member would see, oldest first. */
    messages: () => [...held.values()].sort((a, b) => a.seq - b.seq),
    close: () => live.socket.close(),
  };
}

/** A group of `n` friends of its creator, everyone in it: the creator is its admin. */
export async function groupOfFriends(host: RunningHost, n: number, prefix: string) {
  const members = await signUpMany(host, n, prefix);
  const [creator, ...others] = members;
  const db = host.openDatabase();
  try {
    for (const other of others) {
      await db.execute({
        sql: "INSERT INTO friends (id, user_id, friend_id, status) VALUES (?, ?, ?, 'accepted')",
        args: [crypto.randomUUID(), creator!.id, other.id],
      });
    }
  } finally {
    db.close();
  }
  const { chatId } = await creator!.browser.trpc.chats.createGroup.mutate({
    name: prefix,
    memberIds: others.map((m) => m.id),
  });
  return { members, chatId };
}
