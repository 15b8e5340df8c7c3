import type { CallKind } from "@core/enums";
import { notify } from "../toast";
import { errorMessage, trpc } from "../trpc";
import { enterCall } from "./active-call";

/**
 * Starts a call in a chat (or joins the one going on there) and opens the call on this page. The
 * server says who may ring whom, and that a call is full.
 */
export function useStartCall() {
  const start = trpc.calls.start.useMutation({
    onError: (error) => notify.error("Call Error", errorMessage(error)),
  });
  return {
    pending: start.isPending,
    start: (chatId: string, kind: CallKind) =>
      start.mutate(
        { chatId, kind },
        { onSuccess: (call) => enterCall({ chatId, callId: call.callId, kind: call.kind, placed: true }) },
      ),
  };
}
