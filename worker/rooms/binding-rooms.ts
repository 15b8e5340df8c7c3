import type { RoomEnv } from "@party/env";
import { callCommandRequest } from "@party/call-requests";
import { noticeRequest } from "@party/protocol";
import { expectAccepted, presenceOf, readCallAnswer, type Rooms } from "./rooms";

/**
 * The rooms as Durable Objects of this same Worker, reached through their bindings. Addressed by
 * name, a room knows its name (ctx.id.name) without partyserver's extra setName call. A notice's
 * fetch starts as it is told, ahead of the answer the request then builds: nothing waits for `sent`.
 */
export function bindingRooms(env: RoomEnv, secret: string): Rooms {
  return {
    async tellChat(chatId, notice) {
      const room = env.ChatRoom.getByName(chatId);
      expectAccepted((await room.fetch(noticeRequest("https://rooms", "chat-room", chatId, secret, [notice]))).status);
    },
    async tellMember(userId, notice) {
      const room = env.MemberRoom.getByName(userId);
      expectAccepted((await room.fetch(noticeRequest("https://rooms", "member-room", userId, secret, notice))).status);
    },
    async memberOnline(userId) {
      const room = env.MemberRoom.getByName(userId);
      const response = await room.fetch(
        noticeRequest("https://rooms", "member-room", userId, secret, { type: "presence" }),
      );
      expectAccepted(response.status);
      return presenceOf(await response.text());
    },
    async callChat(chatId, command) {
      const response = await env.ChatRoom.getByName(chatId).fetch(
        callCommandRequest("https://rooms", chatId, secret, command),
      );
      return readCallAnswer(response.status, await response.text());
    },
  };
}
