import { Server, type Connection, type ConnectionContext, type WSMessage } from "partyserver";
import { callDesk } from "./call-desk";
import { CALL_COMMAND_QUERY, callCommand, isCallFrame } from "./call-signals";
import { fromApi, USER_HEADER, type RoomEnv } from "./env";
import { floodGuard } from "./flood-guard";
import {
  chatNotices,
  chatRoomEvents,
  CLOSE_LEFT,
  CLOSE_TOO_MANY,
  noticeRequest,
  parseClientMessage,
  parseNotice,
  type ChatNotice,
  type MemberNotice,
  POKE_GATHER_MS,
  type PokeReason,
  type WireMessage,
} from "./protocol";

interface SocketState {
  userId: string;
}

type FrameType = "messages" | "changes";

/** Gathers consecutive messages of one kind into one frame; a different kind, or `flush`, sends it. */
function frameBuilder(send: (type: FrameType, messages: WireMessage[]) => void) {
  let type: FrameType = "messages";
  let messages: WireMessage[] = [];
  const flush = () => {
    if (messages.length > 0) send(type, messages);
    messages = [];
  };
  return {
    add(kind: FrameType, message: WireMessage) {
      if (kind !== type) flush();
      type = kind;
      messages.push(message);
    },
    flush,
  };
}

const leftKey = (userId: string) => `left:${userId}`;
/** How long read receipts gather before they go out together. */
const SEEN_GATHER_MS = 500;
/** Enough to recognise any retried notice; a room that hibernated meanwhile relays it again, harmlessly. */
const REMEMBERED_MESSAGES = 2000;

/**
 * One room per chat. It stores no message: the API writes each one to the database first and then
 * tells the room, which relays it to the open sockets and pokes each recipient's member room. Each
 * socket is welcomed with the newest it relayed since it woke, so a page that holds it needs no catch-up.
 * Typing hints and presence are ephemeral and go over the sockets only.
 */
export class ChatRoom extends Server<RoomEnv> {
  static options = { hibernate: true };

  readonly #flood = floodGuard();
  readonly #pokeQueue = new Set<string>();
  /** Read receipts waiting to go: for each member who sees them, the newest mark of each reader. */
  readonly #seenQueue = new Map<string, Map<string, number>>();
  #seenTimer: ReturnType<typeof setTimeout> | undefined;
  /** Ids of the messages relayed lately, oldest first. */
  readonly #relayed = new Set<number>();
  /** What each socket is welcomed with: this instance's waking, and the newest it relayed since. */
  readonly #awakeSince = Date.now();
  readonly #newest = { seq: 0, change: 0 };
  #pokeTimer: ReturnType<typeof setTimeout> | undefined;
  /** The chat's call: its state in storage, its signals relayed between its participants' sockets. */
  readonly #calls = callDesk({
    storage: this.ctx.storage,
    chatId: () => this.name,
    connection: (id) => this.getConnection(id),
    broadcast: (message) => this.broadcast(message),
    ring: (userId, notice) => this.ctx.waitUntil(this.#tellMember(userId, notice)),
  });

  getConnectionTags(_connection: Connection, context: ConnectionContext) {
    return [context.request.headers.get(USER_HEADER) ?? ""];
  }

  async onConnect(connection: Connection<SocketState>, context: ConnectionContext) {
    const userId = context.request.headers.get(USER_HEADER);
    // A ticket signed before its holder left the chat is still unexpired for a few minutes.
    if (!userId || (await this.ctx.storage.get(leftKey(userId)))) {
      connection.close(CLOSE_LEFT, "Not a participant");
      return;
    }
    connection.setState({ userId });
    connection.send(chatRoomEvents.welcome({ awakeSince: this.#awakeSince, ...this.#newest }));
    this.#broadcastPresence();
    await this.#calls.greet(connection);
  }

  async onClose(connection: Connection) {
    this.#flood.forget(connection.id);
    this.#broadcastPresence();
    await this.#calls.onClose(connection);
  }

  onAlarm() {
    return this.#calls.onAlarm();
  }

  async onMessage(connection: Connection<SocketState>, raw: WSMessage) {
    const caller = connection.state?.userId;
    if (caller && isCallFrame(raw)) {
      if (!(await this.#calls.onMessage(connection, caller, raw)))
        connection.close(CLOSE_TOO_MANY, "Too many messages");
      return;
    }
    if (!this.#flood.allow(connection.id)) {
      connection.close(CLOSE_TOO_MANY, "Too many messages");
      return;
    }
    const message = parseClientMessage(raw);
    const userId = connection.state?.userId;
    if (!message || !userId) return;
    if (message.type === "ping") connection.send(chatRoomEvents.pong());
    else this.broadcast(chatRoomEvents.typing(userId), [connection.id]);
  }

  async onRequest(request: Request) {
    if (!fromApi(request, this.env)) return new Response("Unauthorized", { status: 401 });
    if (request.method !== "POST") return new Response("Method not allowed", { status: 405 });
    if (new URL(request.url).searchParams.has(CALL_COMMAND_QUERY)) {
      const command = await parseNotice(request, callCommand);
      if (!command) return new Response("Bad command", { status: 400 });
      return Response.json(await this.#calls.command(command));
    }
    const notices = await parseNotice(request, chatNotices);
    if (!notices) return new Response("Bad notice", { status: 400 });
    // The messages of one request go out as one frame per socket: a busy chat's sockets each take a
    // frame per request, not per message. A run of changes to stored messages is a frame too, and a
    // member's leaving or joining goes between them, all in order.
    const frame = frameBuilder((type, messages) => this.broadcast(chatRoomEvents[type](messages)));
    for (const notice of notices) {
      switch (notice.type) {
        case "message":
          // The API retries a notice it got no answer to, so the same message may come twice.
          if (this.#relayed.has(notice.message.id)) continue;
          this.#remember(notice.message.id);
          this.#newest.seq = Math.max(this.#newest.seq, notice.message.seq);
          frame.add("messages", notice.message);
          this.#queuePokes(notice.recipients);
          break;
        case "changed":
          // A retried change is harmless: pages keep the copy with the higher change number.
          this.#newest.change = Math.max(this.#newest.change, notice.message.changeSeq);
          frame.add("changes", notice.message);
          break;
        case "seen":
          this.#queueSeen(notice);
          break;
        case "pins":
          frame.flush();
          this.broadcast(chatRoomEvents.pins());
          break;
        case "board":
          frame.flush();
          this.broadcast(chatRoomEvents.board(notice.event));
          break;
        default:
          frame.flush();
          await this.#membershipChanged(notice);
      }
    }
    frame.flush();
    return new Response(null, { status: 204 });
  }

  /**
   * A read receipt reaches only those who see receipts (the API names them), and gathers for a
   * moment first: in a busy group every member's page marks each message it displays, and each
   * page then takes one frame of everyone's new marks, not one per member per message.
   */
  #queueSeen(notice: Extract<ChatNotice, { type: "seen" }>) {
    for (const viewer of notice.audience) {
      const marks = this.#seenQueue.get(viewer) ?? new Map<string, number>();
      marks.set(notice.userId, Math.max(notice.seq, marks.get(notice.userId) ?? 0));
      this.#seenQueue.set(viewer, marks);
    }
    if (this.#seenTimer !== undefined) return;
    this.#seenTimer = setTimeout(() => {
      this.#seenTimer = undefined;
      for (const [viewer, marks] of this.#seenQueue) {
        const event = chatRoomEvents.seen([...marks].map(([userId, seq]) => ({ userId, seq })));
        for (const connection of this.getConnections(viewer)) connection.send(event);
      }
      this.#seenQueue.clear();
    }, SEEN_GATHER_MS);
  }

  async #membershipChanged(notice: Extract<ChatNotice, { type: "left" | "joined" }>) {
    switch (notice.type) {
      case "left":
        await this.ctx.storage.put(leftKey(notice.userId), true);
        for (const connection of this.getConnections(notice.userId)) connection.close(CLOSE_LEFT, "Left the chat");
        this.#broadcastPresence();
        break;
      case "joined":
        await this.ctx.storage.delete(leftKey(notice.userId));
        await this.#poke([notice.userId], "chats");
        break;
    }
  }

  #broadcastPresence() {
    const online = new Set<string>();
    for (const connection of this.getConnections<SocketState>()) {
      if (connection.readyState === WebSocket.OPEN && connection.state?.userId) online.add(connection.state.userId);
    }
    this.broadcast(chatRoomEvents.presence([...online].sort()));
  }

  #remember(messageId: number) {
    this.#relayed.add(messageId);
    if (this.#relayed.size > REMEMBERED_MESSAGES) this.#relayed.delete(this.#relayed.values().next().value!);
  }

  /**
   * A poke only says "look again", so a burst of messages needs one per member, not one each. The
   * first message of a quiet chat pokes at once (after its notice has been answered), so a list
   * shows it as promptly as the open chat does; what comes in the POKE_GATHER_MS after gathers
   * into one more poke at the window's end, and so on while the chat stays busy.
   */
  #queuePokes(userIds: string[]) {
    for (const userId of userIds) this.#pokeQueue.add(userId);
    if (this.#pokeTimer === undefined) this.#pokeTimer = setTimeout(() => this.#pokeGathered(), 0);
  }

  #pokeGathered() {
    if (this.#pokeQueue.size === 0) {
      this.#pokeTimer = undefined;
      return;
    }
    const due = [...this.#pokeQueue];
    this.#pokeQueue.clear();
    this.ctx.waitUntil(this.#poke(due, "message"));
    this.#pokeTimer = setTimeout(() => this.#pokeGathered(), POKE_GATHER_MS);
  }

  /** Each member's other pages (lists, badges) learn of the change through their own room. */
  async #poke(userIds: string[], reason: PokeReason) {
    await Promise.allSettled(userIds.map((userId) => this.#tellMember(userId, { type: "poke", reason })));
  }

  async #tellMember(userId: string, notice: MemberNotice) {
    // Addressed by name, the room knows its name without partyserver's extra setName call.
    await this.env.MemberRoom.getByName(userId).fetch(
      noticeRequest("https://rooms", "member-room", userId, this.env.PARTY_SECRET!, notice),
    );
  }
}
