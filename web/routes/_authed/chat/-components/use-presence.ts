import type PartySocket from "partysocket";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ChatRoomEvent } from "@party/protocol";
import { clientMessages } from "@party/wire";

/** A typing hint shows this long after the last one arrived. */
const TYPING_SHOWN_MS = 4000;
/** Typing hints go out at most this often. */
const TYPING_EVERY_MS = 2000;

type PresenceEvent = Extract<ChatRoomEvent, { type: "presence" | "typing" }>;

/** Who is connected to the chat's room, and who else is typing: sent over the socket only, never stored. */
export function usePresence(myId: string) {
  const [online, setOnline] = useState<string[]>([]);
  const [typingAt, setTypingAt] = useState<Record<string, number>>({});

  // Typing hints fade on their own.
  useEffect(() => {
    if (Object.keys(typingAt).length === 0) return;
    const timer = setTimeout(() => {
      const cutoff = Date.now() - TYPING_SHOWN_MS;
      setTypingAt((now) => Object.fromEntries(Object.entries(now).filter(([, at]) => at > cutoff)));
    }, 1000);
    return () => clearTimeout(timer);
  }, [typingAt]);

  const hear = useCallback((event: PresenceEvent) => {
    if (event.type === "presence") setOnline(event.online);
    else setTypingAt((now) => ({ ...now, [event.userId]: Date.now() }));
  }, []);

  const typing = useMemo(() => Object.keys(typingAt).filter((userId) => userId !== myId), [typingAt, myId]);
  return { online, typing, hear };
}

/** Tells the room the member is typing, at most every TYPING_EVERY_MS. */
export function useAnnounceTyping(socket: PartySocket | null) {
  const lastSent = useRef(0);
  return useCallback(() => {
    if (!socket || Date.now() - lastSent.current < TYPING_EVERY_MS) return;
    lastSent.current = Date.now();
    socket.send(clientMessages.typing());
  }, [socket]);
}
