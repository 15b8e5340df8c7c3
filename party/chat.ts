import type * as Party from "partykit/server";
import { verifyRoomToken } from "./token";

/**
 * One room per chat id. The room stores nothing: the API writes every message to the database
 * first and then POSTs it here, and the room relays it to the sockets of the chat's members.
 */
export default class ChatRoom implements Party.Server {
  constructor(readonly room: Party.Room) {}

  static async onBeforeConnect(request: Party.Request, lobby: Party.Lobby) {
    const token = new URL(request.url).searchParams.get("token") ?? "";
    const userId = await verifyRoomToken(String(lobby.env.PARTY_SECRET), token, lobby.id);
    if (!userId) return new Response("Unauthorized", { status: 401 });
    request.headers.set("X-User-Id", userId);
    return request;
  }

  async onRequest(request: Party.Request) {
    if (request.method !== "POST") return new Response("Method not allowed", { status: 405 });
    if (request.headers.get("Authorization") !== `Bearer ${String(this.room.env.PARTY_SECRET)}`) {
      return new Response("Unauthorized", { status: 401 });
    }
    this.room.broadcast(await request.text());
    return new Response(null, { status: 204 });
  }
}
