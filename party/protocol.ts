/**
 * Everything that travels to and from the rooms, in one place. Inbound messages (from browsers,
 * and notices from the API) are parsed with zod and bounded in size; outbound events are built only
 * by the constructors below. Browsers import the types alone.
 */
import { z } from "zod";
import { MAX_ATTACHMENTS_PER_MESSAGE } from "@core/attachment-rules";
import { MESSAGE_TYPES } from "../core/enums";
import { ringNotices, type CallRoomEvent, type RingEvent } from "./call-signals";
import type { RoomKind } from "./ticket";

/** Socket messages from browsers are tiny; anything larger is refused unread. */
export const MAX_CLIENT_MESSAGE_BYTES = 256;
/** The most notices one request carries: the API sends a chat's notices together when they queue. */
export const MAX_NOTICES_PER_REQUEST = 20;
/**
 * Each notice carries one message of at most 4,000 characters, its reactions (six emoji by up to a
 * hundred members), up to ten files' names and up to 100 recipients' ids.
 */
export const MAX_NOTICE_BYTES = MAX_NOTICES_PER_REQUEST * 64 * 1024;

/** A file a message carries: served at core/attachment-rules `attachmentUrl(id)` to the chat's participants. */
export const wireAttachment = z.object({
  id: z.string(),
  /** As the sender's device named it. */
  name: z.string(),
  /** Judged by the server from the file's bytes; an `image/` type is shown inline. */
  contentType: z.string(),
  size: z.number().int().min(0),
});
export type WireAttachment = z.infer<typeof wireAttachment>;

/** A stored message as every client sees it. */
export const wireMessage = z.object({
  id: z.number().int(),
  chatId: z.string(),
  seq: z.number().int().positive(),
  senderId: z.string(),
  /** The sender's own id for it: their page swaps its pending copy for the stored one. */
  clientId: z.string(),
  /** Empty once deleted. */
  content: z.string(),
  messageType: z.enum(MESSAGE_TYPES),
  createdAt: z.number(),
  /** What it answers: enough to quote it without holding it, and to find it. */
  replyTo: z
    .object({
      id: z.number().int(),
      seq: z.number().int().positive(),
      senderId: z.string(),
      /** Its first line, cut to QUOTE_LENGTH; empty once deleted. */
      excerpt: z.string(),
      deleted: z.boolean(),
    })
    .nullable(),
  editedAt: z.number().nullable(),
  deletedAt: z.number().nullable(),
  /** Who reacted with each emoji, in the order they did. */
  reactions: z.record(z.string(), z.array(z.string())),
  /** The files it carries, in the order they were attached; none once deleted. */
  attachments: z.array(wireAttachment).max(MAX_ATTACHMENTS_PER_MESSAGE),
  /**
   * The chat's change number at this message's latest edit, deletion or reaction (0: never changed).
   * Of two copies of one message, the one with the higher number is the newer.
   */
  changeSeq: z.number().int().min(0),
  /** Its author took its link preview off (core/link-previews.ts). */
  previewRemoved: z.boolean(),
});
export type WireMessage = z.infer<typeof wireMessage>;

// --- browser → room ---------------------------------------------------------------------------

const clientMessage = z.discriminatedUnion("type", [
  /** The member is typing; the room tells the others, nothing is stored. */
  z.object({ type: z.literal("typing") }),
  /** The heartbeat: answered with a pong so the page knows its socket still works. */
  z.object({ type: z.literal("ping") }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

export function parseClientMessage(raw: unknown): ClientMessage | null {
  if (typeof raw !== "string" || raw.length > MAX_CLIENT_MESSAGE_BYTES) return null;
  try {
    const parsed = clientMessage.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export { clientMessages } from "./wire";

// --- API → room (HTTP, with the shared secret) ------------------------------------------------

export const POKE_REASONS = ["message", "chats", "friend-request", "notification"] as const;
export type PokeReason = (typeof POKE_REASONS)[number];
/**
 * How long a chat room gathers recipients between one poke of their member rooms and the next.
 * Pokes only refresh lists and badges (the open chat has the message already), and each one sets
 * every page of that member refetching, so in a busy group one a second is plenty.
 */
export const POKE_GATHER_MS = 1000;

/** A board's task as stored, as procedures answer it and its project's rooms relay it. */
export const wireTask = z.object({
  id: z.string(),
  number: z.number().int(),
  title: z.string(),
  description: z.string(),
  columnId: z.string(),
  /** A fractional-indexing key: tasks of a column sort by it, as strings compare. */
  position: z.string(),
  assigneeId: z.string().nullable(),
  /** Null once its creator's account is gone. */
  createdBy: z.string().nullable(),
  labelIds: z.array(z.string()),
  dueDate: z.string().nullable(),
  /** Moves with every change: a page keeps the copy with the highest. */
  version: z.number().int(),
  updatedAt: z.number(),
});
export type WireTask = z.infer<typeof wireTask>;

/**
 * What changed on a project's board: a task as it now is, a task gone, or the board's columns,
 * labels or settings (pages read `board.get` again).
 */
export const boardEvent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("task"), task: wireTask }),
  z.object({ type: z.literal("taskDeleted"), taskId: z.string() }),
  z.object({ type: z.literal("board") }),
]);
export type BoardEvent = z.infer<typeof boardEvent>;

export const chatNotice = z.discriminatedUnion("type", [
  /** A stored message: relayed to the chat's sockets, and a poke to each recipient's member room. */
  z.object({ type: z.literal("message"), message: wireMessage, recipients: z.array(z.string()).max(1000) }),
  /** The member left: their sockets are closed and stay refused until they are back. */
  z.object({ type: z.literal("left"), userId: z.string() }),
  z.object({ type: z.literal("joined"), userId: z.string() }),
  /** A stored message was edited, deleted or reacted to: its state now, relayed to the chat's sockets. */
  z.object({ type: z.literal("changed"), message: wireMessage }),
  /** A message was pinned or unpinned: the chat's pages read its pins again. */
  z.object({ type: z.literal("pins") }),
  /** The project's board changed (a team chat's room is its board's room too): relayed as it is. */
  z.object({ type: z.literal("board"), event: boardEvent }),
  /**
   * A member displayed the chat up to `seq`: relayed only to the sockets of `audience`, the
   * participants who see read receipts (they send their own).
   */
  z.object({
    type: z.literal("seen"),
    userId: z.string(),
    seq: z.number().int().min(0),
    audience: z.array(z.string()).max(1000),
  }),
]);
export type ChatNotice = z.infer<typeof chatNotice>;
/** A chat room takes its notices as a list, oldest first. */
export const chatNotices = z.array(chatNotice).min(1).max(MAX_NOTICES_PER_REQUEST);

export const memberNotice = z.discriminatedUnion("type", [
  z.object({ type: z.literal("poke"), reason: z.enum(POKE_REASONS) }),
  /** "Has the member a page open?": answered with `MemberPresence`; push goes only to members without. */
  z.object({ type: z.literal("presence") }),
  /** A call rings on every page of the member, or stops ringing (party/call-signals.ts). */
  ...ringNotices,
  /**
   * The board of a project whose owner is alone on it changed: a board has its team chat's room only
   * once a first member is accepted, and until then its owner's pages hear it here, relayed as it is.
   */
  z.object({ type: z.literal("board"), projectId: z.string(), event: boardEvent }),
]);
export type MemberNotice = z.infer<typeof memberNotice>;
export interface MemberPresence {
  online: boolean;
}

/** Where a room takes its notices, on either transport (HTTP locally, a binding at the edge). */
export const noticePath = (room: RoomKind, name: string) => `/parties/${room}/${encodeURIComponent(name)}`;

export const noticeHeaders = (secret: string) => ({
  Authorization: `Bearer ${secret}`,
  "Content-Type": "application/json",
});

/** The one way a notice is addressed to a room: by the API, and by a chat room poking member rooms. */
export function noticeRequest<K extends RoomKind>(
  origin: string,
  room: K,
  name: string,
  secret: string,
  notice: K extends "chat-room" ? ChatNotice[] : MemberNotice,
) {
  return new Request(`${origin}${noticePath(room, name)}`, {
    method: "POST",
    headers: noticeHeaders(secret),
    body: JSON.stringify(notice),
  });
}

export async function parseNotice<T>(request: Request, schema: z.ZodType<T>): Promise<T | null> {
  const body = await request.text();
  if (body.length > MAX_NOTICE_BYTES) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

// --- room → browser ---------------------------------------------------------------------------

export interface SeenMark {
  userId: string;
  seq: number;
}

export type ChatRoomEvent =
  /** Stored messages, oldest first: the ones one notice request carried, in one frame. */
  | { type: "messages"; messages: WireMessage[] }
  /** Stored messages as they are now after an edit, deletion or reaction, oldest change first. */
  | { type: "changes"; messages: WireMessage[] }
  /** The chat's pinned messages changed: read them again (messages.pins). */
  | { type: "pins" }
  /** The project's board changed (team chats only). */
  | { type: "board"; event: BoardEvent }
  /** Read receipts: how far each of these members displayed the chat, gathered for a moment. */
  | { type: "seen"; marks: SeenMark[] }
  | { type: "presence"; online: string[] }
  | { type: "typing"; userId: string }
  | { type: "pong" }
  | ChatWelcome
  | CallRoomEvent;

/**
 * Told to each socket as it opens: the newest message and change number the room has relayed since
 * it woke (0: none), and when it woke, on its clock (a room that hibernated forgets what it
 * relayed). A page whose data was read after the room woke, and holds both, has missed nothing.
 */
export type ChatWelcome = { type: "welcome"; awakeSince: number; seq: number; change: number };

/** When the room last poked each reason (its clock, milliseconds), told to every socket as it opens. */
export type Poked = Partial<Record<PokeReason, number>>;

export type MemberRoomEvent =
  | { type: "poke"; reason: PokeReason }
  | { type: "welcome"; poked: Poked }
  | { type: "pong" }
  | { type: "board"; projectId: string; event: BoardEvent }
  | RingEvent;

export const chatRoomEvents = {
  messages: (messages: WireMessage[]) => JSON.stringify({ type: "messages", messages } satisfies ChatRoomEvent),
  changes: (messages: WireMessage[]) => JSON.stringify({ type: "changes", messages } satisfies ChatRoomEvent),
  pins: () => JSON.stringify({ type: "pins" } satisfies ChatRoomEvent),
  board: (event: BoardEvent) => JSON.stringify({ type: "board", event } satisfies ChatRoomEvent),
  seen: (marks: SeenMark[]) => JSON.stringify({ type: "seen", marks } satisfies ChatRoomEvent),
  presence: (online: string[]) => JSON.stringify({ type: "presence", online } satisfies ChatRoomEvent),
  typing: (userId: string) => JSON.stringify({ type: "typing", userId } satisfies ChatRoomEvent),
  pong: () => JSON.stringify({ type: "pong" } satisfies ChatRoomEvent),
  welcome: (welcome: Omit<ChatWelcome, "type">) =>
    JSON.stringify({ type: "welcome", ...welcome } satisfies ChatRoomEvent),
};

export const memberRoomEvents = {
  poke: (reason: PokeReason) => JSON.stringify({ type: "poke", reason } satisfies MemberRoomEvent),
  welcome: (poked: Poked) => JSON.stringify({ type: "welcome", poked } satisfies MemberRoomEvent),
  pong: () => JSON.stringify({ type: "pong" } satisfies MemberRoomEvent),
  board: (projectId: string, event: BoardEvent) =>
    JSON.stringify({ type: "board", projectId, event } satisfies MemberRoomEvent),
};

export { CLOSE_LEFT, CLOSE_TOO_MANY } from "./wire";
