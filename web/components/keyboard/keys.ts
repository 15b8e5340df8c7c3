/** What the signed-in pages' keyboard shortcuts need to know about the device and the key pressed. */

/** Apple's devices name the command key "⌘" and use it where others use Ctrl. */
export const isApple = () => /Mac|iPhone|iPad|iPod/.test(navigator.platform);

/** The modifier the switcher's shortcut uses here, as the keyboard names it. */
export const modKeyName = () => (isApple() ? "⌘" : "Ctrl");

/** Ctrl+K, or ⌘K on Apple devices, with no other modifier. */
export const isSwitcherKey = (event: KeyboardEvent) =>
  event.key.toLowerCase() === "k" &&
  (isApple() ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey) &&
  !event.altKey &&
  !event.shiftKey;

/** Inputs that take no typing: a `?` pressed on them is a shortcut, not a character. */
const KEYLESS_INPUTS = new Set(["button", "checkbox", "color", "file", "image", "radio", "range", "reset", "submit"]);

/** Whether the key goes into something the member types in (where `?` is just a question mark). */
export function typesText(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)
    return true;
  return target instanceof HTMLInputElement && !KEYLESS_INPUTS.has(target.type);
}
