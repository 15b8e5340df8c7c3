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
 * How long a poke's time waits in memory before it is written. A busy chat pokes each of its members
 * once a second (chat-room.ts), and a storage write per member room per poke was most of the rooms'
 * work: on the Node host, where every room shares one workerd, each second's 50 writes of a busy
 * group stalled its messages' delivery by 40–60 ms (bench/chat.ts). The pending write keeps the room
 * from hibernating, and a socket is welcomed with the times in memory.
 */
const POKE_WRITE_BEHIND_MS = 10_000;

/**
 * One room per member, named by their id: every page they have open listens here, so unread
 * badges, chat lists and the Requests badge change without a reload. It carries pokes only ("look
 * again"), never content: the page refetches through the API, which decides what it may see. The
 * exceptions: a call ringing, which a chat room sends after the API let the caller ring: it rings on
 * every page at once, and on a page opened while it still rings; and the changes to a board whose
 * owner is alone on it, which has no team chat's room yet. Each socket is welcomed
 * with when each reason was last poked (kept in storage, written at most every POKE_WRITE_BEHIND_MS,
 * so an evicted room still knows): a page that has just read its data looks again only at what was
 * poked since.
 */
export class MemberRoom extends Server<RoomEnv> {
  static options = { hibernate: true };

  readonly #flood = floodGuard();
  /** Poke times not yet in storage, by key. */
  readonly #unwritten = new Map<string, number>();
  #writeTimer: ReturnType<typeof setTimeout> | undefined;

  async onConnect(connection: Connection) {
    const times = await this.ctx.storage.get<number>(POKE_REASONS.map(pokedKey));
    const poked: Poked = {};
    for (const reason of POKE_REASONS) {
      const at = this.#unwritten.get(pokedKey(reason)) ?? times.get(pokedKey(reason));
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
        this.#notePoke(notice.reason);
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

  #notePoke(reason: PokeReason) {
    this.#unwritten.set(pokedKey(reason), Date.now());
    if (this.#writeTimer !== undefined) return;
    this.#writeTimer = setTimeout(() => {
      this.#writeTimer = undefined;
      const times = Object.fromEntries(this.#unwritten);
      this.#unwritten.clear();
      this.ctx.waitUntil(this.ctx.storage.put(times));
    }, POKE_WRITE_BEHIND_MS);
  }
}
