/**
 * What answering a ring needs from the server (a ticket to the chat's room, the ICE servers, the
 * chat's names and faces), asked for while it rings, so that Accept waits for the camera and the
 * room's socket alone. The camera itself opens only on Accept: its light must never come on for a
 * call the member did not take.
 */
import type { Ring } from "@party/call-signals";
import { trpcClient, trpcUtils } from "@web/lib/trpc";

const ask = (chatId: string) => ({
  ticket: trpcClient.chats.ticket.query({ chatId }),
  iceServers: trpcClient.calls.iceServers.mutate({ chatId }).then((answer) => answer.iceServers),
});

export type AskedAhead = ReturnType<typeof ask>;

/** By call, until its ring runs out. */
const asked = new Map<string, AskedAhead & { until: number }>();

function forgetPast() {
  const now = Date.now();
  for (const [callId, entry] of asked) if (entry.until <= now) asked.delete(callId);
}

export function askAhead(ring: Ring) {
  forgetPast();
  if (asked.has(ring.callId)) return;
  const entry = { ...ask(ring.chatId), until: ring.until };
  // A refusal here is nobody's to hear: the call asks again for itself.
  entry.ticket.catch(() => undefined);
  entry.iceServers.catch(() => undefined);
  asked.set(ring.callId, entry);
  void trpcUtils.chats.byId.prefetch({ chatId: ring.chatId }, { retry: false });
}

/** What was asked for this call while it rang, once; null when nothing was. */
export function takeAhead(callId: string): AskedAhead | null {
  forgetPast();
  const entry = asked.get(callId) ?? null;
  asked.delete(callId);
  return entry;
}

/** What was asked ahead, or, when nothing was or the ask failed, `ask` now. */
export const aheadOr = <T>(ahead: Promise<T> | null | undefined, ask: () => Promise<T>) =>
  ahead ? ahead.catch(ask) : ask();
