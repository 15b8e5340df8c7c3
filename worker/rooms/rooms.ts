/**
 * How the API tells the rooms about what it stored: over HTTP with the shared secret locally (the
 * rooms run in their own workerd process), through the Durable Object bindings at the edge. The
 * procedures see only this interface, as with the avatar store.
 */
import type { ChatNotice, MemberNotice } from "../../party/protocol";
import type { RoomKind } from "../../party/ticket";

export interface Rooms {
  /** Resolves once the room took the notice; rejects when it cannot be reached or refused it. */
  tellChat(chatId: string, notice: ChatNotice): Promise<void>;
  tellMember(userId: string, notice: MemberNotice): Promise<void>;
}

/** One request shape for both transports: the room checks the secret either way. */
export const noticePath = (room: RoomKind, name: string) => `/parties/${room}/${encodeURIComponent(name)}`;

export const noticeHeaders = (secret: string) => ({
  Authorization: `Bearer ${secret}`,
  "Content-Type": "application/json",
});

export function noticeRequest(origin: string, room: RoomKind, name: string, secret: string, notice: unknown) {
  return new Request(`${origin}${noticePath(room, name)}`, {
    method: "POST",
    headers: noticeHeaders(secret),
    body: JSON.stringify(notice),
  });
}

export function expectAccepted(status: number) {
  if (status < 200 || status >= 300) throw new Error(`the room answered ${status}`);
}
