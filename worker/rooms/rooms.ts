/**
 * How the API tells the rooms about what it stored: over HTTP with the shared secret locally (the
 * rooms run in their own workerd process), through the Durable Object bindings at the edge. The
 * procedures see only this interface, as with the avatar store.
 */
import type { ChatNotice, MemberNotice } from "@party/protocol";

export interface Rooms {
  /** Resolves once the room took the notice; rejects when it cannot be reached or refused it. */
  tellChat(chatId: string, notice: ChatNotice): Promise<void>;
  tellMember(userId: string, notice: MemberNotice): Promise<void>;
}

export function expectAccepted(status: number) {
  if (status < 200 || status >= 300) throw new Error(`the room answered ${status}`);
}
