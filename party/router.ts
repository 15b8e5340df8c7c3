import { routePartykitRequest } from "partyserver";
import { USER_HEADER, type RoomEnv } from "./env";
import { verifyTicket, type RoomKind } from "./ticket";

const ROOM_KINDS: Record<string, RoomKind> = { ChatRoom: "chat-room", MemberRoom: "member-room" };

/**
 * Routes /parties/chat-room/<chat id> and /parties/member-room/<member id> to their rooms. A socket
 * gets through only with a ticket for exactly that room (and, for a member room, for its owner);
 * everything else is refused with a 401 before it reaches a room. Null for any other path.
 */
export function routeRoomRequest(request: Request, env: RoomEnv) {
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
