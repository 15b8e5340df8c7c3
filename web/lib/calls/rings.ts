/**
 * The calls ringing for this member, as their room tells every page of theirs (web/lib/member-room.ts):
 * the incoming-call dialog shows the first. Each stops when the room says so (answered on some
 * page, declined, missed, ended), when this page answers or declines, or when its time is up.
 */
import { useSyncExternalStore } from "react";
import type { Ring, RingEvent } from "@party/call-signals";
import { externalStore } from "./store";

const rings = externalStore<Ring[]>([]);

export function hearRing(event: RingEvent) {
  const others = rings
    .get()
    .filter((ring) => ring.callId !== (event.type === "ring" ? event.ring.callId : event.callId));
  rings.set(event.type === "ring" ? [...others, event.ring] : others);
}

/** This page answered or declined it. */
export function dismissRing(callId: string) {
  hearRing({ type: "ring-stop", callId, reason: "answered" });
}

export const isRingEvent = (event: { type: string }): event is RingEvent =>
  event.type === "ring" || event.type === "ring-stop";

export function useRings() {
  return useSyncExternalStore(rings.subscribe, rings.get, () => []);
}
