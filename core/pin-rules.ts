/** Pinned messages: how many a chat keeps, who may pin, and what members read about them. */
export const MAX_PINS_PER_CHAT = 50;
export const PINS_FULL = `A chat can have at most ${MAX_PINS_PER_CHAT} pinned messages. Unpin one first.`;
export const ONLY_ADMINS_PIN = "Only a group admin can pin or unpin messages.";
/** The pins panel with nothing in it. */
export const NO_PINS = "No pinned messages yet";
/** A pin's excerpt: the start of its message, at most this many characters. */
export const PIN_EXCERPT_LENGTH = 200;
