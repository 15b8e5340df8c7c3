import { routePartykitRequest } from "partyserver";
import { fromApi, USER_HEADER, type RoomEnv } from "./env";
import { verifyTicket, type RoomKind } from "./ticket";

const ROOM_KINDS: Record<string, RoomKind> = { ChatRoom: "chat-room", MemberRoom: "member-room" };

const NOTICE_PATH = /^\/parties\/(chat-room|member-room)\/([^/]+)$/;

/**
 * A notice from the API (a POST carrying the shared secret) goes straight to its room by name, as
 * the Worker's bindings send them: a room addressed by name knows its name, and partyserver's
 * router would first call the room once more to tell it (`setName`) for every notice. Anything
 * else posted there without the secret is refused here, before it wakes a room.
 */
async function routeNotice(request: Request, env: RoomEnv) {
  const [, kind, name] = NOTICE_PATH.exec(new URL(request.url).pathname) ?? [];
  if (!kind || !name) return null;
  if (!fromApi(request, env)) return new Response("Unauthorized", { status: 401 });
  const rooms = kind === "chat-room" ? env.ChatRoom : env.MemberRoom;
  return rooms.getByName(decodeURIComponent(name)).fetch(request);
}

/**
 * Routes /parties/chat-room/<chat id> and /parties/member-room/<member id> to their rooms. A socket
 * gets through only with a ticket for exactly that room (and, for a member room, for its owner);
 * everything else is refused with a 401 before it reaches a room. Null for any other path.
 */
export async function routeRoomRequest(request: Request, env: RoomEnv) {
  if (request.method === "POST") return routeNotice(request, env);
  return routePartykitRequest(request, env, {
    async onBeforeConnect(req, lobby) {
      const kind = ROOM_KINDS[lobby.className];
      const ticket = new URL(req.url).searchParams.get("ticket") ?? "";
      const userId = kind ? await verifyTicket(env.PARTY_SECRET, ticket, kind, lobby.name) : null;
      if (!userId || (kind === "member-room" && userId !== lobby.name)) {
        return new Response("Unauthorized", { status: 401 });
      }
      const forwarded = new Request(req);
      forwarded.headers.set(USER_HEADER, userId);
      return forwarded;
    },
  });
}
