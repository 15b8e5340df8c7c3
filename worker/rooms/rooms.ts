/**
 * How the API tells the rooms about what it stored: over HTTP with the shared secret locally (the
 * rooms run in their own workerd process), through the Durable Object bindings at the edge. The
 * procedures see only this interface, as with the avatar store.
 */
import { callAnswer, type CallAnswer, type CallCommand } from "@party/call-signals";
import type { ChatNotice, MemberNotice, MemberPresence } from "@party/protocol";

export interface Rooms {
  /** Resolves once the room took the notice; rejects when it cannot be reached or refused it. */
  tellChat(chatId: string, notice: ChatNotice): Promise<void>;
  tellMember(userId: string, notice: MemberNotice): Promise<void>;
  /** Whether the member has a page open (a socket in their member room); rejects when the room cannot say. */
  memberOnline(userId: string): Promise<boolean>;
  /** Asks the chat's room about its call and waits for the answer (the call lives in the room). */
  callChat(chatId: string, command: CallCommand): Promise<CallAnswer>;
  /**
   * Resolves once what the rooms were told so far has left this process. A send answers after it, so
   * the other members' copy of a message is on its way before the sender's answer is written. Rooms
   * whose notices leave as they are told have none.
   */
  sent?(): Promise<void>;
}

export function expectAccepted(status: number) {
  if (status < 200 || status >= 300) throw new Error(`the room answered ${status}`);
}

/** A member room's answer to a presence notice. */
export const presenceOf = (body: string) => (JSON.parse(body) as MemberPresence).online === true;
/** The room's answer to a call command, as the room's own schema reads it. */
export function readCallAnswer(status: number, body: string): CallAnswer {
  expectAccepted(status);
  return callAnswer.parse(JSON.parse(body));
}
