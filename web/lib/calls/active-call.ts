/**
 * The call this page is in, if any. Kept in the tab's session storage, so a reload of the page
 * rejoins the call it was in (the room keeps the member's place for a while).
 */
import { useSyncExternalStore } from "react";
import type { CallKind } from "@core/enums";
import { externalStore } from "./store";

export interface ActiveCall {
  chatId: string;
  callId: string;
  kind: CallKind;
  /** The caller reads 'No answer' or 'Call declined'; whoever answered does not. */
  placed: boolean;
}

const KEY = "crewboard:call";

function stored(): ActiveCall | null {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? "null") as ActiveCall | null;
  } catch {
    return null;
  }
}

const active = externalStore<ActiveCall | null>(typeof sessionStorage === "undefined" ? null : stored());

export function enterCall(call: ActiveCall) {
  sessionStorage.setItem(KEY, JSON.stringify(call));
  active.set(call);
}

export function leaveCall() {
  sessionStorage.removeItem(KEY);
  active.set(null);
}

export const currentCall = () => active.get();

export function useActiveCall() {
  return useSyncExternalStore(active.subscribe, active.get, () => null);
}
