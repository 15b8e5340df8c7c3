/** Telling the rooms what changed, after the response, so a slow or restarting room never fails a send. */
import type { CallCommand } from "@party/call-signals";
import type { ChatNotice, MemberNotice, PokeReason, WireMessage } from "@party/protocol";
import { deliver } from "./deliver";
import type { Rooms } from "./rooms";

interface Notifier {
  rooms: Rooms;
  defer: (work: Promise<unknown>) => void;
}

export function tellChat({ rooms, defer }: Notifier, chatId: string, notice: ChatNotice) {
  defer(deliver(`${notice.type} in chat ${chatId}`, () => rooms.tellChat(chatId, notice)));
}

export const announceMessage = (n: Notifier, message: WireMessage, recipients: string[]) =>
  tellChat(n, message.chatId, { type: "message", message, recipients });

export function tellMember({ rooms, defer }: Notifier, userId: string, notice: MemberNotice) {
  const what = notice.type === "poke" ? notice.reason : notice.type;
  defer(deliver(`${what} for member ${userId}`, () => rooms.tellMember(userId, notice)));
}

export function pokeMembers(n: Notifier, userIds: string[], reason: PokeReason) {
  for (const userId of userIds) tellMember(n, userId, { type: "poke", reason });
}

/** A call command whose answer nobody waits for (the room forgetting a call it recorded). */
export function tellCall({ rooms, defer }: Notifier, chatId: string, command: CallCommand) {
  defer(deliver(`${command.type} of call ${chatId}`, () => rooms.callChat(chatId, command).then(() => undefined)));
}
