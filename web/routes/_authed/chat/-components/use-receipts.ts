import { useCallback, useRef } from "react";
import type { ChatRoomEvent } from "@party/protocol";
import { trpc } from "@web/lib/trpc";

type Receipts = { userId: string; seq: number }[];
const NONE: Receipts = [];

/**
 * How far the others in the chat have displayed it, for read receipts: fetched with the chat, kept
 * by the room's 'seen' events (which come only to members who share their own), and fetched again
 * after a reconnect, for what was missed.
 */
export function useReceipts(chatId: string) {
  const utils = trpc.useUtils();
  const { data = NONE } = trpc.messages.receipts.useQuery({ chatId }, { staleTime: Infinity });
  const opened = useRef(false);

  const hear = useCallback(
    ({ userId, seq }: Extract<ChatRoomEvent, { type: "seen" }>) =>
      utils.messages.receipts.setData({ chatId }, (now = NONE) => [
        ...now.filter((r) => r.userId !== userId),
        { userId, seq: Math.max(seq, now.find((r) => r.userId === userId)?.seq ?? 0) },
      ]),
    [utils, chatId],
  );

  /** The room (re)opened: the first time the query is fetching already. */
  const reopened = useCallback(() => {
    if (opened.current) void utils.messages.receipts.invalidate({ chatId });
    opened.current = true;
  }, [utils, chatId]);

  return { receipts: data, hear, reopened };
}
