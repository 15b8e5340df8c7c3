import { Agent, request } from "node:http";
import type { RoomKind } from "../../party/ticket";
import { expectAccepted, noticeHeaders, noticePath, type Rooms } from "./rooms";

/** A room that does not answer within this is treated as unreachable (the send is stored anyway). */
const TIMEOUT_MS = 2000;

/**
 * The rooms in their own process on this machine (party/local.ts), reached over loopback HTTP.
 * Every stored message is one notice, so this uses node:http on kept-alive connections: fetch costs
 * several times the CPU per request, which showed as a fifth of a chat send (bench/chat.ts).
 */
export function httpRooms(origin: string, secret: string): Rooms {
  const agent = new Agent({ keepAlive: true });
  const send = (room: RoomKind, name: string, notice: object) =>
    new Promise<void>((resolve, reject) => {
      const req = request(
        new URL(noticePath(room, name), origin),
        { method: "POST", agent, headers: noticeHeaders(secret), timeout: TIMEOUT_MS },
        (response) => {
          response.resume();
          try {
            expectAccepted(response.statusCode ?? 0);
            resolve();
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        },
      );
      req.once("timeout", () => req.destroy(new Error(`the room did not answer within ${TIMEOUT_MS} ms`)));
      req.once("error", reject);
      req.end(JSON.stringify(notice));
    });
  return {
    tellChat: (chatId, notice) => send("chat-room", chatId, notice),
    tellMember: (userId, notice) => send("member-room", userId, notice),
  };
}
