/**
 * What a member has typed and not yet saved or sent (the onboarding wizard, a chat's composer), kept
 * in this browser so a reload loses nothing. Every key names the member: a shared browser never shows
 * one member's draft to another, and signing out forgets all of theirs.
 */
const prefixOf = (memberId: string) => `draft:${memberId}:`;

/** The draft named `name` (say `onboarding`, or `chat:<id>`), null when none is kept. */
export function readDraft(memberId: string, name: string): string | null {
  try {
    return localStorage.getItem(prefixOf(memberId) + name);
  } catch {
    return null;
  }
}

/** Keeps `value` as the draft, or forgets the draft when `value` is empty. */
export function writeDraft(memberId: string, name: string, value: string) {
  try {
    if (value) localStorage.setItem(prefixOf(memberId) + name, value);
    else localStorage.removeItem(prefixOf(memberId) + name);
  } catch {
    // Storage full or refused (private mode): the page still works, only without surviving a reload.
  }
}

export const clearDraft = (memberId: string, name: string) => writeDraft(memberId, name, "");

/** Every draft of the member's, on signing out. */
export function forgetDrafts(memberId: string) {
  try {
    const prefix = prefixOf(memberId);
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    for (const key of keys) if (key?.startsWith(prefix)) localStorage.removeItem(key);
  } catch {
    // Nothing was stored.
  }
}
