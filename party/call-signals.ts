/**
 * What travels about calls, in one place: a page's call messages to its chat's room (join, leave,
 * media state and the WebRTC signals, which the room relays and never stores), the API's commands
 * to the room, the rings a chat room sends to member rooms, and what the rooms send to pages.
 * Inbound messages are parsed with zod and bounded in size; pages import the types alone.
 */
import { z } from "zod";
import { CALL_OUTCOMES, type CallOutcome } from "../core/call-rules";
import { CALL_KINDS, type CallKind } from "../core/enums";

/**
 * A session description (an offer with every codec, and later a screen's track) stays well under
 * this; a message over it is dropped unread.
 */
export const MAX_CALL_MESSAGE_BYTES = 32 * 1024;
const MAX_SDP_LENGTH = 30_000;
const MAX_CANDIDATE_LENGTH = 1024;

const id = z.string().min(1).max(64);
/** Chosen by the page for each time it joins: a reload is a new session, a reconnect the same one. */
const session = z.string().min(8).max(64);

const description = z.object({
  type: z.enum(["offer", "answer", "pranswer", "rollback"]),
  sdp: z.string().max(MAX_SDP_LENGTH).optional(),
});
const candidate = z.object({
  candidate: z.string().max(MAX_CANDIDATE_LENGTH),
  sdpMid: z.string().max(64).nullish(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullish(),
  usernameFragment: z.string().max(256).nullish(),
});

/** What a signal carries: a session description, or an ICE candidate (null ends the candidates). */
export type SignalBody = { description: RTCSessionDescriptionInit } | { candidate: RTCIceCandidateInit | null };

// --- browser → chat room ----------------------------------------------------------------------

const callMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("call-join"), callId: id, session }),
  z.object({ type: z.literal("call-leave"), callId: id }),
  z.object({ type: z.literal("call-media"), callId: id, audio: z.boolean(), video: z.boolean() }),
  z.object({
    type: z.literal("call-signal"),
    callId: id,
    to: id,
    description: description.optional(),
    candidate: candidate.nullable().optional(),
  }),
]);
export type CallMessage = z.infer<typeof callMessage>;

/** A signal carries exactly one of the two. */
const oneSignal = (m: CallMessage) =>
  m.type !== "call-signal" || (m.description === undefined) !== (m.candidate === undefined);

/** True for a frame that speaks about calls (by its type), which the call desk then parses itself. */
export function isCallFrame(raw: unknown) {
  return typeof raw === "string" && raw.startsWith('{"type":"call-');
}

export function parseCallMessage(raw: unknown): CallMessage | null {
  if (typeof raw !== "string" || raw.length > MAX_CALL_MESSAGE_BYTES) return null;
  try {
    const parsed = callMessage.safeParse(JSON.parse(raw));
    return parsed.success && oneSignal(parsed.data) ? parsed.data : null;
  } catch {
    return null;
  }
}

// --- API → chat room --------------------------------------------------------------------------

const person = z.object({ id, name: z.string().max(200), avatarUrl: z.string().max(2048).nullable() });
export type CallPerson = z.infer<typeof person>;

export const callCommand = z.discriminatedUnion("type", [
  /** Rings `callees` (checked by the API: friends, or the group's participants) unless a call is on. */
  z.object({
    type: z.literal("start"),
    callId: id,
    kind: z.enum(CALL_KINDS),
    caller: person,
    isGroup: z.boolean(),
    callees: z.array(id).min(1).max(200),
    /**
     * The blocks among the chat's members, blocker first: nobody joins a call that someone on the
     * other side of one is in. Sent afresh with every start, a join to a call going on included.
     */
    blocks: z.array(z.tuple([id, id])).max(1000),
  }),
  z.object({ type: z.literal("decline"), callId: id, userId: id }),
  /** The chat stops taking lines (its project was deleted): the call ends for everyone, its record returned. */
  z.object({ type: z.literal("end") }),
  /** The room's record of an ended call, for the API to write into the history. */
  z.object({ type: z.literal("record"), callId: id }),
  /** Written: the room forgets the record. */
  z.object({ type: z.literal("recorded"), callId: id }),
]);
export type CallCommand = z.infer<typeof callCommand>;

/** Where the API's call commands go: the chat's own notice path, marked as a call command. */
export const CALL_COMMAND_QUERY = "call";

/** How a call ended, as the room kept it until the API wrote it into the history. */
export interface CallRecord {
  callId: string;
  kind: CallKind;
  callerId: string;
  outcome: CallOutcome;
  /** From the moment a second person was in the call to the moment the last one left. */
  durationMs: number;
  endedAt: number;
  /** Rung and never in the call, nor declined: each gets a missed-call notification. */
  missedBy: string[];
}

export const callRecord: z.ZodType<CallRecord> = z.object({
  callId: id,
  kind: z.enum(CALL_KINDS),
  callerId: id,
  outcome: z.enum(CALL_OUTCOMES),
  durationMs: z.number().min(0),
  endedAt: z.number(),
  missedBy: z.array(id),
});

/** The room's answer to a command. */
export type CallAnswer =
  | { status: "started"; callId: string }
  /** A call is already on in this chat: the caller joins it instead. */
  | { status: "existing"; callId: string; kind: CallKind }
  | { status: "full" }
  /** Someone in the call is across a block from the caller. */
  | { status: "barred" }
  | { status: "ended"; record: CallRecord | null }
  | { status: "live" }
  | { status: "ok" };

export const callAnswer: z.ZodType<CallAnswer> = z.discriminatedUnion("status", [
  z.object({ status: z.literal("started"), callId: id }),
  z.object({ status: z.literal("existing"), callId: id, kind: z.enum(CALL_KINDS) }),
  z.object({ status: z.literal("full") }),
  z.object({ status: z.literal("barred") }),
  z.object({ status: z.literal("ended"), record: callRecord.nullable() }),
  z.object({ status: z.literal("live") }),
  z.object({ status: z.literal("ok") }),
]);

// --- chat room → member room ------------------------------------------------------------------

export const RING_STOP_REASONS = ["answered", "declined", "missed", "ended"] as const;
export type RingStopReason = (typeof RING_STOP_REASONS)[number];

const ring = z.object({
  callId: id,
  chatId: id,
  kind: z.enum(CALL_KINDS),
  caller: person,
  isGroup: z.boolean(),
  /** When the ringing stops by itself, if no word that it stopped arrives first. */
  until: z.number(),
});
export type Ring = z.infer<typeof ring>;

export const ringNotices = [
  z.object({ type: z.literal("ring"), ring }),
  z.object({ type: z.literal("ring-stop"), callId: id, reason: z.enum(RING_STOP_REASONS) }),
] as const;

// --- rooms → browser --------------------------------------------------------------------------

export interface CallParticipant {
  userId: string;
  session: string;
  /** Their page is away (reloading, reconnecting) and may come back. */
  away: boolean;
  audio: boolean;
  video: boolean;
}

/** A call as every page of its chat sees it. */
export interface CallView {
  callId: string;
  kind: CallKind;
  callerId: string;
  startedAt: number;
  /** When a second person joined; null while only the caller is there. */
  connectedAt: number | null;
  participants: CallParticipant[];
  ringing: string[];
}

export type CallRoomEvent =
  | { type: "call"; call: CallView | null }
  | ({ type: "call-signal"; callId: string; from: string; session: string } & SignalBody)
  /** The one a signal was for is not in the call this moment (not yet, or away): the sender tries again. */
  | { type: "call-undelivered"; callId: string; to: string }
  | { type: "call-ended"; callId: string; outcome: CallOutcome }
  | { type: "call-error"; callId: string; message: string };

export type RingEvent = { type: "ring"; ring: Ring } | { type: "ring-stop"; callId: string; reason: RingStopReason };

export const callRoomEvents = {
  call: (call: CallView | null) => JSON.stringify({ type: "call", call } satisfies CallRoomEvent),
  signal: (callId: string, from: string, sessionId: string, body: SignalBody) =>
    JSON.stringify({ type: "call-signal", callId, from, session: sessionId, ...body } satisfies CallRoomEvent),
  undelivered: (callId: string, to: string) =>
    JSON.stringify({ type: "call-undelivered", callId, to } satisfies CallRoomEvent),
  ended: (callId: string, outcome: CallOutcome) =>
    JSON.stringify({ type: "call-ended", callId, outcome } satisfies CallRoomEvent),
  error: (callId: string, message: string) =>
    JSON.stringify({ type: "call-error", callId, message } satisfies CallRoomEvent),
};

export const ringEvents = {
  ring: (value: Ring) => JSON.stringify({ type: "ring", ring: value } satisfies RingEvent),
  stop: (callId: string, reason: RingStopReason) =>
    JSON.stringify({ type: "ring-stop", callId, reason } satisfies RingEvent),
};
