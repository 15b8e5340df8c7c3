import { Server, type Connection, type WSMessage } from "partyserver";
import { fromApi, type RoomEnv } from "./env";
import { floodGuard } from "./flood-guard";
import {
  CLOSE_TOO_MANY,
  memberNotice,
  memberRoomEvents,
  parseClientMessage,
  parseNotice,
  type MemberPresence,
} from "./protocol";

/**
 * One room per member, named by their id: every page they have open listens here, so unread
 * badges, chat lists and the Requests badge change without a reload. It carries pokes only ("look
 * again"), never content: the page refetches through the API, which decides what it may see.
 */
export class MemberRoom extends Server<RoomEnv> {
  static options = { hibernate: true };

  readonly #flood = floodGuard();

  onClose(connection: Connection) {
    this.#flood.forget(connection.id);
  }

  onMessage(connection: Connection, raw: WSMessage) {
    if (!this.#flood.allow(connection.id)) {
      connection.close(CLOSE_TOO_MANY, "Too many messages");
      return;
    }
    if (parseClientMessage(raw)?.type === "ping") connection.send(memberRoomEvents.pong());
  }

  async onRequest(request: Request) {
    if (!fromApi(request, this.env)) return new Response("Unauthorized", { status: 401 });
    if (request.method !== "POST") return new Response("Method not allowed", { status: 405 });
    const notice = await parseNotice(request, memberNotice);
    if (!notice) return new Response("Bad notice", { status: 400 });
    if (notice.type === "presence") {
      // Hibernating sockets count: the room knows them all, awake or not.
      const online = !this.getConnections()[Symbol.iterator]().next().done;
      return Response.json({ online } satisfies MemberPresence);
    }
    this.broadcast(memberRoomEvents.poke(notice.reason));
    return new Response(null, { status: 204 });
  }
}
