import { expectAccepted, noticeRequest, type Rooms } from "./rooms";

/** A room that does not answer within this is treated as unreachable (the send is stored anyway). */
const TIMEOUT_MS = 2000;

/** The rooms in their own process on this machine (party/local.ts), reached over loopback HTTP. */
export function httpRooms(origin: string, secret: string): Rooms {
  const send = async (room: "chat-room" | "member-room", name: string, notice: object) => {
    const request = noticeRequest(origin, room, name, secret, notice);
    expectAccepted(await fetch(request, { signal: AbortSignal.timeout(TIMEOUT_MS) }));
  };
  return {
    tellChat: (chatId, notice) => send("chat-room", chatId, notice),
    tellMember: (userId, notice) => send("member-room", userId, notice),
  };
}
