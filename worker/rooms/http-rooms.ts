import { Agent, request } from "node:http";
import type { RoomKind } from "@party/ticket";
import { noticeBatcher } from "./notice-batcher";
import { callCommandPath } from "@party/call-requests";
import { noticeHeaders, noticePath } from "@party/protocol";
import { expectAccepted, presenceOf, readCallAnswer, type Rooms } from "./rooms";

/** A room that does not answer within this is treated as unreachable (the send is stored anyway). */
const TIMEOUT_MS = 2000;

/**
 * The rooms in their own process on this machine (party/local.ts), reached over loopback HTTP.
 * Every stored message is a notice, so this uses node:http on kept-alive connections (fetch costs
 * several times the CPU per request) and sends a busy chat's notices together (bench/chat.ts).
 */
export function httpRooms(origin: string, secret: string): Rooms {
  const agent = new Agent({ keepAlive: true });
  /** Posts to the room and reads its answer with `read` (which may throw on a refusal). */
  const postTo = <T>(path: string, body: unknown, read: (status: number, text: string) => T) =>
    new Promise<T>((resolve, reject) => {
      const req = request(
        new URL(path, origin),
        { method: "POST", agent, headers: noticeHeaders(secret), timeout: TIMEOUT_MS },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.once("error", reject);
          response.once("end", () => {
            try {
              resolve(read(response.statusCode ?? 0, Buffer.concat(chunks).toString()));
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)));
            }
          });
        },
      );
      req.once("timeout", () => req.destroy(new Error(`the room did not answer within ${TIMEOUT_MS} ms`)));
      req.once("error", reject);
      req.end(JSON.stringify(body));
    });
  /** Posts a notice; resolves with the room's answer once it accepted it. */
  const post = (room: RoomKind, name: string, body: unknown) =>
    postTo(noticePath(room, name), body, (status, text) => {
      expectAccepted(status);
      return text;
    });
  return {
    tellChat: noticeBatcher(async (chatId, notices) => void (await post("chat-room", chatId, notices))),
    tellMember: async (userId, notice) => void (await post("member-room", userId, notice)),
    memberOnline: async (userId) => presenceOf(await post("member-room", userId, { type: "presence" })),
    callChat: (chatId, command) => postTo(callCommandPath(chatId), command, readCallAnswer),
    // node:http hands a request its kept-alive socket, and writes it, on the next tick: a tick
    // queued after it comes after that write.
    sent: () => new Promise<void>((resolve) => process.nextTick(resolve)),
  };
}
