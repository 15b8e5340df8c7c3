import type { QueryFunctionContext } from "@tanstack/react-query";
import type { TRPCClient } from "@trpc/client";
import type { AppRouter } from "@worker/routers";
import type { TimelinePage } from "./timeline";

/**
 * A chat's first page of messages, asked for by the route's loader, is used as it is if it is this
 * fresh (or still on its way); anything newer is caught up on right after, as on every connect. Its
 * own module, with nothing but types beside it: the loader is in the app's entry, which must not
 * pull in the chat's code.
 */
export const FIRST_PAGE_FRESH_MS = 5000;

/** A chat's timeline (timeline.ts) as an infinite query: the newest page, then older ones by cursor. */
export function timelineQuery(client: TRPCClient<AppRouter>, chatId: string) {
  const queryKey = ["chats", "timeline", chatId] as const;
  return {
    queryKey,
    queryFn: async ({ pageParam }: QueryFunctionContext<typeof queryKey, number | null>): Promise<TimelinePage> => {
      const askedAt = Date.now();
      const page = await client.chats.messages.query({ chatId, beforeSeq: pageParam ?? undefined });
      // Complete as the server answered it: nothing up to its last message is missing.
      return {
        messages: page.messages,
        hasMore: page.hasMore,
        caughtUpTo: page.messages.at(-1)?.seq ?? 0,
        changedUpTo: page.changedUpTo,
        readUpTo: page.lastReadSeq,
        askedAt,
      };
    },
    initialPageParam: null as number | null,
    // The page before the oldest held: the messages numbered below its first.
    getNextPageParam: (oldest: TimelinePage): number | null | undefined =>
      oldest.hasMore ? oldest.messages[0]?.seq : undefined,
  };
}
