import { useCallback, useRef } from "react";
import type { ChatRoomEvent } from "@party/protocol";
import { trpc } from "@web/lib/trpc";

type Receipts = { userId: string; seq: number }[];
const NONE: Receipts = [];

/**
 * How far the others in the chat have displayed it, for read receipts: fetched with the chat, kept
 * by the room's 'seen' events (useReceiptEvents). Read by the message list alone, so a receipt
 * renders the list, not the page around it.
 */
export function useReceipts(chatId: string) {
  const { data = NONE } = trpc.messages.receipts.useQuery({ chatId }, { staleTime: Infinity });
  return data;
}

/**
 * Keeps the receipts current: the room's 'seen' events come only to members who share their own,
 * and the receipts are fetched again after a reconnect, for what was missed.
 */
export function useReceiptEvents(chatId: string) {
  const utils = trpc.useUtils();
  const opened = useRef(false);

  const hear = useCallback(
    ({ marks }: Extract<ChatRoomEvent, { type: "seen" }>) =>
      utils.messages.receipts.setData({ chatId }, (now = NONE) => {
        const byMember = new Map(now.map((r) => [r.userId, r.seq]));
        for (const { userId, seq } of marks) byMember.set(userId, Math.max(seq, byMember.get(userId) ?? 0));
        return [...byMember].map(([userId, seq]) => ({ userId, seq }));
      }),
    [utils, chatId],
  );

  /** The room (re)opened: the first time the query is fetching already. */
  const reopened = useCallback(() => {
    if (opened.current) void utils.messages.receipts.invalidate({ chatId });
    opened.current = true;
  }, [utils, chatId]);

  return { hear, reopened };
}
