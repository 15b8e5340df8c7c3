/**
 * A chat's first page of messages, asked for by the route's loader, is used by the page if it is this
 * fresh (or still on its way); anything newer is caught up on right after, as on every connect. Its
 * own module: the loader is in the app's entry, which must not pull in the chat's code.
 */
export const FIRST_PAGE_FRESH_MS = 5000;
