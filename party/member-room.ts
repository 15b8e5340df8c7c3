import { Server, type Connection, type WSMessage } from "partyserver";
import { ringEvents, type Ring } from "./call-signals";
import { fromApi, type RoomEnv } from "./env";
import { floodGuard } from "./flood-guard";
import {
  CLOSE_TOO_MANY,
  memberNotice,
  memberRoomEvents,
  parseClientMessage,
  parseNotice,
  POKE_REASONS,
  type MemberNotice,
  type MemberPresence,
  type Poked,
  type PokeReason,
} from "./protocol";

const ringKey = (callId: string) => `ring:${callId}`;
const pokedKey = (reason: PokeReason) => `poked:${reason}`;

/**
 * One room per member, named by their id: every page they have open listens here, so unread
 * badges, chat lists and the Requests badge change without a reload. It carries pokes only ("look
 * again"), never content: the page refetches through the API, which decides what it may see. The
 * exceptions: a call ringing, which a chat room sends after the API let the caller ring: it rings on
 * every page at once, and on a page opened while it still rings; and the changes to a board whose
 * owner is alone on it, which has no team chat's room yet. Each socket is welcomed
 * with when each reason was last poked (kept in storage, so an evicted room still knows): a page
 * that has just read its data looks again only at what was poked since.
 */
export class MemberRoom extends Server<RoomEnv> {
  static options = { hibernate: true };

  readonly #flood = floodGuard();

  async onConnect(connection: Connection) {
    const times = await this.ctx.storage.get<number>(POKE_REASONS.map(pokedKey));
    const poked: Poked = {};
    for (const reason of POKE_REASONS) {
      const at = times.get(pokedKey(reason));
      if (at !== undefined) poked[reason] = at;
    }
    connection.send(memberRoomEvents.welcome(poked));
    const now = Date.now();
    for (const [key, ring] of await this.ctx.storage.list<Ring>({ prefix: "ring:" })) {
      if (ring.until > now) connection.send(ringEvents.ring(ring));
      else await this.ctx.storage.delete(key);
    }
  }

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
    await this.#relay(notice);
    return new Response(null, { status: 204 });
  }

  async #relay(notice: Exclude<MemberNotice, { type: "presence" }>) {
    switch (notice.type) {
      case "poke":
        await this.ctx.storage.put(pokedKey(notice.reason), Date.now());
        this.broadcast(memberRoomEvents.poke(notice.reason));
        break;
      case "ring":
        await this.ctx.storage.put(ringKey(notice.ring.callId), notice.ring);
        this.broadcast(ringEvents.ring(notice.ring));
        break;
      case "ring-stop":
        await this.ctx.storage.delete(ringKey(notice.callId));
        this.broadcast(ringEvents.stop(notice.callId, notice.reason));
        break;
      case "board":
        this.broadcast(memberRoomEvents.board(notice.projectId, notice.event));
        break;
    }
  }
}
