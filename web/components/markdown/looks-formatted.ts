import { MENTION_PATTERN } from "@core/mentions";

/**
 * What Markdown the chat reads starts with one of these: emphasis, strikethrough and code marks, an
 * escaped mark, a link's `[text](`, or a quote or list item at a line's start. Mention tokens look
 * like links and are taken out first.
 */
const MARKERS = /[*_~`]|\\[!-/:-@[-`{-~]|\[[^\]\n]*\]\(|^ {0,3}(?:>|[-+] |\d{1,9}[.)] )/m;

/**
 * Whether a text may hold Markdown. A text without any marker reads the same parsed or not, so it
 * renders as plain text without fetching the parser; a false alarm costs only that fetch.
 */
export const looksFormatted = (text: string) => MARKERS.test(text.replace(MENTION_PATTERN, ""));
