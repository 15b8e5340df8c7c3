import { getQueryKey } from "@trpc/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ChatRoomEvent, WireMessage } from "../../../../../party/protocol";
import { clientMessages, sequenceTracker } from "../../../../../party/wire";
import { useRoomSocket } from "../../../../lib/room-socket";
import { errorMessage, queryClient, trpc } from "../../../../lib/trpc";
import type { RouterOutputs } from "../../../../lib/types";
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
  const [seen] = useState(() => sequenceTracker(first?.messages.at(-1)?.seq));
  const loadedRef = useRef(first !== undefined);
  /**
   * A catch-up was asked for while none could start: before the first page had loaded (done once it
   * has), or while one was on its way, whose answer may predate the ask (done again after it).
   */
  const catchUpWanted = useRef(false);
  const catchingUp = useRef<Promise<void> | null>(null);
  const lastTypingSent = useRef(0);

  const hold = useCallback(
    (incoming: WireMessage[]) => {
      setMessages((held) => mergeMessages(held, incoming));
      const mine = new Set(incoming.filter((m) => m.senderId === myId).map((m) => m.clientId));
      if (mine.size) setPending((list) => list.filter((p) => !mine.has(p.clientId)));
    },
    [myId],
  );

  /** Holds a page the server answered: complete, it leaves no gap before its last message. */
  const holdPage = useCallback(
    (page: WireMessage[]) => {
      hold(page);
      seen.complete(page);
    },
    [hold, seen],
  );

  /** Fetches everything after the last message held without a gap, page by page. One at a time. */
  const catchUp = useCallback(() => {
    if (!loadedRef.current || catchingUp.current) {
      catchUpWanted.current = true;
      return catchingUp.current ?? Promise.resolve();
    }
    catchingUp.current = (async () => {
      try {
        do {
          catchUpWanted.current = false;
          for (;;) {
            const page = await utils.client.chats.messages.query({ chatId, afterSeq: seen.caughtUpTo });
            holdPage(page.messages);
            if (!page.hasMore) break;
          }
        } while (catchUpWanted.current);
      } finally {
        catchingUp.current = null;
      }
    })();
    return catchingUp.current;
  }, [chatId, holdPage, seen, utils]);

  /** Holds messages that came one by one, and catches up if they show that some were missed. */
  const receive = useCallback(
    (incoming: WireMessage[]) => {
      hold(incoming);
      if (seen.add(incoming)) void catchUp();
    },
    [catchUp, hold, seen],
  );

  useEffect(() => {
    let cancelled = false;
    void utils.chats.messages.fetch({ chatId }, { staleTime: FIRST_PAGE_FRESH_MS }).then((page) => {
      if (cancelled) return;
      holdPage(page.messages);
      setHasOlder(page.hasMore);
      loadedRef.current = true;
      setLoaded(true);
      // The room opened (or reported a gap) before the first page had loaded. Otherwise the room's
      // opening, still to come, catches up: asked now as well, the same messages would come twice.
      if (catchUpWanted.current) void catchUp();
    });
    return () => {
      cancelled = true;
    };
  }, [chatId, holdPage, catchUp, utils]);

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
        receive(event.messages);
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
          // Numbered after a message this page has not seen, it shows that one is late or missed.
          onSuccess: (stored) => receive([stored]),
          onError: (error) =>
            setPending((list) =>
              list.map((p) =>
                p.clientId === message.clientId ? { ...p, error: errorMessage(error, "Not sent.") } : p,
              ),
            ),
        },
      );
    },
    [chatId, receive, sendMutation],
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
