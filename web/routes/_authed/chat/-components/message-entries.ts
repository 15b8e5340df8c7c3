import type { WireMessage } from "@party/protocol";
import { continuesGroup } from "./message-groups";
import { dayKey } from "./timeline";
import type { PendingMessage } from "./use-outbox";

/**
 * One line of the message list as the virtualizer counts them: a day's separator, the 'New messages'
 * line, a stored message or one of the member's own on its way. Each is one element, measured on its
 * own, so a separator is an entry of its own rather than part of the message under it.
 */
export type Entry =
  | { kind: "day"; key: string; at: number }
  | { kind: "unread"; key: string }
  | { kind: "message"; key: number; message: WireMessage; continues: boolean }
  | { kind: "pending"; key: string; pending: PendingMessage; continues: boolean };

/** Where the virtualizer starts before an entry is measured: close to a one-line message with its header. */
export const estimateEntry = (entry: Entry) =>
  entry.kind === "day" || entry.kind === "unread" ? 52 : entry.continues ? 38 : 68;

/**
 * Each message's local day, worked out once: the entries are listed again on every change to the
 * messages, and a date's day costs a Date each time.
 */
const days = new WeakMap<WireMessage, string>();
function dayOf(message: WireMessage) {
  let day = days.get(message);
  if (day === undefined) days.set(message, (day = dayKey(message.createdAt)));
  return day;
}

/**
 * The list's entries, oldest first: a day's separator before its first message, the 'New messages'
 * line above the first message from `unreadFrom` (above the first held only when `unreadAtTop`, the
 * older pages having been loaded as far as they go for it), then the member's own messages on their way.
 */
export function listEntries({
  messages,
  pending,
  myId,
  unreadFrom,
  unreadAtTop,
}: {
  messages: WireMessage[];
  pending: PendingMessage[];
  myId: string;
  unreadFrom: number | null;
  unreadAtTop: boolean;
}): Entry[] {
  const entries: Entry[] = [];
  messages.forEach((message, i) => {
    const previous = messages[i - 1];
    if (previous === undefined || dayOf(previous) !== dayOf(message)) {
      entries.push({ kind: "day", key: `day-${message.id}`, at: message.createdAt });
    }
    const unreadAbove =
      unreadFrom !== null &&
      message.messageType !== "system" &&
      message.seq >= unreadFrom &&
      (previous === undefined ? unreadAtTop : previous.seq < unreadFrom);
    if (unreadAbove) entries.push({ kind: "unread", key: "unread" });
    entries.push({
      kind: "message",
      key: message.id,
      message,
      continues: continuesGroup(previous, message, unreadAbove),
    });
  });
  // The member's own messages on their way go on under their last, as they will once stored.
  const fromMe = { senderId: myId, messageType: "text", deletedAt: null } as const;
  pending.forEach((p, i) => {
    const previous = i === 0 ? messages.at(-1) : { ...pending[i - 1]!, ...fromMe };
    entries.push({
      kind: "pending",
      key: `pending-${p.clientId}`,
      pending: p,
      continues: continuesGroup(previous, { ...p, ...fromMe }, false),
    });
  });
  return entries;
}
