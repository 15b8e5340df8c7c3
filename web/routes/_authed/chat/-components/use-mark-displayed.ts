import { useCallback, useRef } from "react";
import { trpc } from "@web/lib/trpc";

/** After a mark, the next waits this long: a busy group's every message is not a request from every page. */
const MARK_EVERY_MS = 1000;

/**
 * Tells the server how far the member's page displayed the chat (their read mark, and their read
 * receipt if they share it): at once, then at most once a second with the newest number, so
 * scrolling through history or a busy group sends a few requests, not one per message.
 */
export function useMarkDisplayed(chatId: string, alreadyMarked: number, onMarked: () => void) {
  const { mutateAsync } = trpc.chats.markRead.useMutation({ onSuccess: onMarked });
  const state = useRef({ marked: alreadyMarked, wanted: alreadyMarked, sending: false });

  const flush = useCallback(async () => {
    const s = state.current;
    if (s.sending) return;
    s.sending = true;
    try {
      while (s.wanted > s.marked) {
        const seq = s.wanted;
        await mutateAsync({ chatId, seq });
        s.marked = Math.max(s.marked, seq);
        if (s.wanted > s.marked) await new Promise((resolve) => setTimeout(resolve, MARK_EVERY_MS));
      }
    } catch {
      // Not marked: the next message displayed asks again.
    } finally {
      s.sending = false;
    }
  }, [chatId, mutateAsync]);

  return useCallback(
    (seq: number) => {
      state.current.wanted = Math.max(state.current.wanted, seq);
      void flush();
    },
    [flush],
  );
}
