import { getQueryKey } from "@trpc/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ChatRoomEvent, WireMessage } from "../../../../party/protocol";
import { clientMessages, leavesGap } from "../../../../party/wire";
import { useRoomSocket } from "../../../lib/room-socket";
import { errorMessage, queryClient, trpc } from "../../../lib/trpc";
import type { RouterOutputs } from "../../../lib/types";
import { FIRST_PAGE_FRESH_MS } from "./first-page";
import { mergeMessages } from "./timeline";

export interface PendingMessage {
  clientId: string;
  content: string;
  createdAt: number;
  /** Why the last try failed; unset while sending. */
  error?: string;
}

/** A typing hint shows this long after the last one arrived. */
const TYPING_SHOWN_MS = 4000;
/** Typing hints go out at most this often. */
const TYPING_EVERY_MS = 2000;

/**
 * Everything live about one open chat: the held messages (fetched, caught up on every connect and
 * every gap, merged by sequence number), own messages on their way, who is online and typing.
 */
export function useChat(chatId: string, myId: string, onGone: () => void) {
  const utils = trpc.useUtils();
  // The first page the route's loader fetched shows in the page's first render, rather than one
  // render later: on a phone, rendering a chat's messages is most of the wait for them.
  const [first] = useState(() => freshFirstPage(chatId));
  const [messages, setMessages] = useState<WireMessage[]>(first?.messages ?? []);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [loaded, setLoaded] = useState(first !== undefined);
  const [hasOlder, setHasOlder] = useState(first?.hasMore ?? false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [online, setOnline] = useState<string[]>([]);
  const [typing, setTyping] = useState<Record<string, number>>({});
  const newestSeq = useRef(first?.messages.at(-1)?.seq ?? 0);
  const loadedRef = useRef(first !== undefined);
  const catchingUp = useRef<Promise<void> | null>(null);
  const lastTypingSent = useRef(0);

  const hold = useCallback(
    (incoming: WireMessage[]) => {
      for (const m of incoming) newestSeq.current = Math.max(newestSeq.current, m.seq);
      setMessages((held) => mergeMessages(held, incoming));
      const mine = new Set(incoming.filter((m) => m.senderId === myId).map((m) => m.clientId));
      if (mine.size) setPending((list) => list.filter((p) => !mine.has(p.clientId)));
    },
    [myId],
  );

  /** Fetches everything after the newest held message, page by page. One at a time. */
  const catchUp = useCallback(() => {
    if (!loadedRef.current) return Promise.resolve();
    catchingUp.current ??= (async () => {
      try {
        for (;;) {
          const page = await utils.client.chats.messages.query({ chatId, afterSeq: newestSeq.current });
          hold(page.messages);
          if (!page.hasMore) break;
        }
      } finally {
        catchingUp.current = null;
      }
    })();
    return catchingUp.current;
  }, [chatId, hold, utils]);

  useEffect(() => {
    let cancelled = false;
    void utils.chats.messages.fetch({ chatId }, { staleTime: FIRST_PAGE_FRESH_MS }).then((page) => {
      if (cancelled) return;
      hold(page.messages);
      setHasOlder(page.hasMore);
      loadedRef.current = true;
      setLoaded(true);
      // Anything that arrived while the first page was on its way.
      void catchUp();
    });
    return () => {
      cancelled = true;
    };
  }, [chatId, hold, catchUp, utils]);

  const loadOlder = useCallback(async () => {
    const oldest = messages[0]?.seq;
    if (!hasOlder || loadingOlder || oldest === undefined) return;
    setLoadingOlder(true);
    try {
      const page = await utils.client.chats.messages.query({ chatId, beforeSeq: oldest });
      hold(page.messages);
      setHasOlder(page.hasMore);
    } finally {
      setLoadingOlder(false);
    }
  }, [chatId, hasOlder, hold, loadingOlder, messages, utils]);

  const ticket = trpc.chats.ticket.useMutation();
  const { socket, status } = useRoomSocket<ChatRoomEvent>({
    room: "chat-room",
    name: chatId,
    ticket: () => ticket.mutateAsync({ chatId }),
    onOpen: () => void catchUp(),
    onGone,
    onEvent: (event) => {
      if (event.type === "messages") {
        const gap = leavesGap(newestSeq.current, event.messages);
        hold(event.messages);
        if (gap) void catchUp();
        if (event.messages.some((m) => m.messageType === "system")) void utils.chats.byId.invalidate({ chatId });
      } else if (event.type === "presence") {
        setOnline(event.online);
      } else if (event.type === "typing") {
        setTyping((now) => ({ ...now, [event.userId]: Date.now() }));
      }
    },
  });

  // Typing hints fade on their own.
  useEffect(() => {
    if (Object.keys(typing).length === 0) return;
    const timer = setTimeout(() => {
      const cutoff = Date.now() - TYPING_SHOWN_MS;
      setTyping((now) => Object.fromEntries(Object.entries(now).filter(([, at]) => at > cutoff)));
    }, 1000);
    return () => clearTimeout(timer);
  }, [typing]);

  const sendMutation = trpc.chats.send.useMutation();
  const attempt = useCallback(
    (message: PendingMessage) => {
      setPending((list) => list.map((p) => (p.clientId === message.clientId ? { ...p, error: undefined } : p)));
      sendMutation.mutate(
        { chatId, clientId: message.clientId, content: message.content },
        {
          onSuccess: (stored) => hold([stored]),
          onError: (error) =>
            setPending((list) =>
              list.map((p) =>
                p.clientId === message.clientId ? { ...p, error: errorMessage(error, "Not sent.") } : p,
              ),
            ),
        },
      );
    },
    [chatId, hold, sendMutation],
  );

  const send = (content: string) => {
    // The id stays with the message through every retry, so the server stores it once.
    const message = { clientId: crypto.randomUUID(), content, createdAt: Date.now() };
    setPending((list) => [...list, message]);
    attempt(message);
  };

  const retry = (clientId: string) => {
    const message = pending.find((p) => p.clientId === clientId);
    if (message) attempt(message);
  };

  const announceTyping = () => {
    if (!socket || Date.now() - lastTypingSent.current < TYPING_EVERY_MS) return;
    lastTypingSent.current = Date.now();
    socket.send(clientMessages.typing());
  };

  return {
    messages,
    pending,
    loaded,
    hasOlder,
    loadingOlder,
    loadOlder,
    online,
    typing: Object.keys(typing).filter((userId) => userId !== myId),
    connected: status === "open",
    send,
    retry,
    announceTyping,
  };
}

/** The chat's first page of messages, if the cache holds one fetched within FIRST_PAGE_FRESH_MS. */
function freshFirstPage(chatId: string) {
  const state = queryClient.getQueryState<RouterOutputs["chats"]["messages"]>(
    getQueryKey(trpc.chats.messages, { chatId }, "query"),
  );
  return state?.data && Date.now() - state.dataUpdatedAt < FIRST_PAGE_FRESH_MS ? state.data : undefined;
}
