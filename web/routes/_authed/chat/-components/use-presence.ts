import { createStore, useSelector, type Store } from "@tanstack/react-store";
import type PartySocket from "partysocket";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ChatRoomEvent } from "@party/protocol";
import { clientMessages } from "@party/wire";

/** A typing hint shows this long after the last one arrived. */
const TYPING_SHOWN_MS = 4000;
/** How often hints that have shown long enough are taken down. */
const TYPING_FADE_EVERY_MS = 1000;
/** Typing hints go out at most this often. */
const TYPING_EVERY_MS = 2000;

type PresenceEvent = Extract<ChatRoomEvent, { type: "presence" | "typing" }>;

export interface Presence {
  /** Who is connected to the chat's room. */
  online: string[];
  /** Who else is typing. */
  typing: string[];
}
export type PresenceStore = Store<Presence>;

const NOBODY: Presence = { online: [], typing: [] };

/**
 * Who is connected to the chat's room, and who else is typing: sent over the socket only, never
 * stored. Held outside React state, so a hint renders only what reads it (the header's status line
 * and dots), not the chat page around them.
 */
function presenceOf(myId: string) {
  const store = createStore(NOBODY);
  const typingAt = new Map<string, number>();
  let fading: ReturnType<typeof setTimeout> | undefined;

  const publishTyping = () => store.setState((now) => ({ ...now, typing: [...typingAt.keys()] }));
  // Typing hints fade on their own.
  const fade = () => {
    fading = undefined;
    const cutoff = Date.now() - TYPING_SHOWN_MS;
    let faded = false;
    for (const [userId, at] of typingAt) {
      if (at <= cutoff) faded = typingAt.delete(userId);
    }
    if (faded) publishTyping();
    if (typingAt.size) fading = setTimeout(fade, TYPING_FADE_EVERY_MS);
  };

  return {
    store,
    hear: (event: PresenceEvent) => {
      if (event.type === "presence") {
        store.setState((now) => ({ ...now, online: event.online }));
        return;
      }
      if (event.userId === myId) return;
      const fresh = !typingAt.has(event.userId);
      typingAt.set(event.userId, Date.now());
      if (fresh) publishTyping();
      fading ??= setTimeout(fade, TYPING_FADE_EVERY_MS);
    },
    /** Their messages arrived: whoever wrote them has stopped typing those. */
    hearSent: (senderIds: string[]) => {
      let stopped = false;
      for (const userId of senderIds) {
        if (typingAt.delete(userId)) stopped = true;
      }
      if (stopped) publishTyping();
    },
    stop: () => {
      clearTimeout(fading);
      fading = undefined;
    },
  };
}

/** The open chat's presence (presenceOf), for as long as the page shows it. */
export function usePresence(myId: string) {
  const [presence] = useState(() => presenceOf(myId));
  useEffect(() => presence.stop, [presence]);
  return presence;
}

/** Who is connected to the chat's room, read where it shows. */
export const useOnline = (presence: PresenceStore) => useSelector(presence, (now) => now.online);

/** Who else is typing, read where it shows. */
export const useTyping = (presence: PresenceStore) => useSelector(presence, (now) => now.typing);

/** Tells the room the member is typing, at most every TYPING_EVERY_MS. */
export function useAnnounceTyping(socket: PartySocket | null) {
  const lastSent = useRef(0);
  return useCallback(() => {
    if (!socket || Date.now() - lastSent.current < TYPING_EVERY_MS) return;
    lastSent.current = Date.now();
    socket.send(clientMessages.typing());
  }, [socket]);
}
