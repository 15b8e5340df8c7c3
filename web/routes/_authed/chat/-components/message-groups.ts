import type { WireMessage } from "@party/protocol";
import { dayKey } from "./timeline";

/** Messages from one sender closer together than this read as one stretch of talk, under one header. */
export const GROUP_WINDOW_MS = 5 * 60_000;

/** What the rule reads of a message: a stored one, or one of the member's own on its way. */
export type Groupable = Pick<WireMessage, "senderId" | "createdAt" | "replyTo" | "messageType" | "deletedAt">;

/** A line said by its sender in words of their own: a call's or a membership's line, a deleted or removed message stands alone. */
const said = (message: Groupable) => message.messageType === "text" && message.deletedAt === null;

/**
 * Whether `message` goes on under the header of `previous`, the message shown right above it, as in
 * Slack and Discord: the same sender, both their own words, within five minutes and on the same day.
 * A reply starts a group of its own (its quote needs the header to read), and so does the message
 * under the 'New messages' line (`unreadLineAbove`): the line would otherwise cut a header's group in two.
 */
export function continuesGroup(previous: Groupable | undefined, message: Groupable, unreadLineAbove: boolean) {
  return (
    previous !== undefined &&
    !unreadLineAbove &&
    message.replyTo === null &&
    previous.senderId === message.senderId &&
    said(previous) &&
    said(message) &&
    message.createdAt - previous.createdAt < GROUP_WINDOW_MS &&
    dayKey(previous.createdAt) === dayKey(message.createdAt)
  );
}
