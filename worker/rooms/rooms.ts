/**
 * How the API tells the rooms about what it stored: over HTTP with the shared secret locally (the
 * rooms run in their own workerd process), through the Durable Object bindings at the edge. The
 * procedures see only this interface, as with the avatar store.
 */
import type { ChatNotice, MemberNotice } from "../../party/protocol";

export interface Rooms {
  /** Resolves once the room took the notice; rejects when it cannot be reached or refused it. */
  tellChat(chatId: string, notice: ChatNotice): Promise<void>;
  tellMember(userId: string, notice: MemberNotice): Promise<void>;
}

/** One request shape for both transports: the room checks the secret either way. */
export function noticeRequest(
  origin: string,
  room: "chat-room" | "member-room",
  name: string,
  secret: string,
  notice: object,
) {
  return new Request(`${origin}/parties/${room}/${encodeURIComponent(name)}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" },
    body: JSON.stringify(notice),
  });
}

export function expectAccepted(response: Response) {
  if (!response.ok) throw new Error(`the room answered ${response.status}`);
}
