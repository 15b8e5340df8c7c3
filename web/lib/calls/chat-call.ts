/**
 * What every page with a chat's room open hears of its call: whether one is going on (the chat's
 * header offers to join it), and when one ended, which the page reports so that its line is written
 * into the history even when nobody who was in it is still there.
 */
import { useCallback, useSyncExternalStore } from "react";
import type { CallRoomEvent, CallView } from "@party/call-signals";
import { trpc } from "../trpc";
import { externalStore } from "./store";

const calls = externalStore<Record<string, CallView | null>>({});
/** Reported from this page already: one report per call is enough, the API writes it once anyway. */
const reported = new Set<string>();

export function useChatCall(chatId: string) {
  return useSyncExternalStore(
    calls.subscribe,
    () => calls.get()[chatId] ?? null,
    () => null,
  );
}

/** Hands a chat room's call events to the stores; reports each ended call once. */
export function useHearCalls(chatId: string) {
  const { mutate: record } = trpc.calls.record.useMutation();
  return useCallback(
    (event: CallRoomEvent) => {
      if (event.type === "call") calls.set({ ...calls.get(), [chatId]: event.call });
      else if (event.type === "call-ended" && !reported.has(event.callId)) {
        reported.add(event.callId);
        record({ chatId, callId: event.callId });
      }
    },
    [chatId, record],
  );
}
