import { getServerByName } from "partyserver";
import type { RoomEnv } from "../../party/env";
import { expectAccepted, noticeRequest, type Rooms } from "./rooms";

/** The rooms as Durable Objects of this same Worker, reached through their bindings. */
export function bindingRooms(env: RoomEnv, secret: string): Rooms {
  return {
    async tellChat(chatId, notice) {
      const room = await getServerByName(env.ChatRoom, chatId);
      expectAccepted(await room.fetch(noticeRequest("https://rooms", "chat-room", chatId, secret, notice)));
    },
    async tellMember(userId, notice) {
      const room = await getServerByName(env.MemberRoom, userId);
      expectAccepted(await room.fetch(noticeRequest("https://rooms", "member-room", userId, secret, notice)));
    },
  };
}
