/** Calls: their bounds, their timings, and the words members read about them (rooms, API and pages). */
import type { CallKind } from "./enums";

/** Everyone in one call connects to everyone else (a mesh), so a call stays small. */
export const MAX_CALL_PARTICIPANTS = 4;
/** A callee's pages ring this long; then the caller reads 'No answer'. */
export const RING_TIMEOUT_MS = 30_000;
/**
 * A participant whose page went away (a reload, a dropped socket) keeps their place this long, so
 * the page that comes back rejoins the same call instead of ending it for the others.
 */
export const REJOIN_GRACE_MS = 20_000;

export const CALL_FULL = "This call is full";
export const NO_ANSWER = "No answer";
export const CALL_DECLINED = "Call declined";
export const CALL_ENDED = "This call has ended.";
export const CALL_NOT_FRIENDS = "You can only call your friends.";
export const CALL_ALONE = "There is nobody else in this chat to call.";
/** A block stands between the member and someone in the call, either way: said without saying who. */
export const CALL_NOT_AVAILABLE = "This call is not available.";

/** How a call ended, as the room saw it. */
export const CALL_OUTCOMES = ["completed", "declined", "no-answer", "cancelled"] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** 12:31, or 1:02:05 past the hour. */
export function formatCallDuration(ms: number) {
  const total = Math.max(0, Math.floor(ms / 1000));
  const [hours, minutes, seconds] = [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60];
  const pad = (n: number) => String(n).padStart(2, "0");
  return hours ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

const KIND_WORD: Record<CallKind, string> = { video: "video", voice: "voice" };

/**
 * The line a call leaves in the chat's history: 'Video call · 12:31' once two people talked,
 * 'Missed voice call' otherwise. Built only from the room's own record of the call, never from
 * text a page sent.
 */
export function callHistoryLine(call: { kind: CallKind; outcome: CallOutcome; durationMs: number }) {
  const word = KIND_WORD[call.kind];
  if (call.outcome !== "completed") return `Missed ${word} call`;
  return `${word[0]!.toUpperCase()}${word.slice(1)} call · ${formatCallDuration(call.durationMs)}`;
}

export const CALLS_UNAVAILABLE = "Calls are not available right now. Please try again.";
