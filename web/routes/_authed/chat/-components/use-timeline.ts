import { hashKey, useInfiniteQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useSyncExternalStore } from "react";
import type { WireMessage } from "@party/protocol";
import { trpc } from "@web/lib/trpc";
import { liveTimeline } from "./live-timeline";
import { timelineMessages, type Timeline } from "./timeline";
import { timelineQuery } from "./timeline-query";

const NO_MESSAGES: WireMessage[] = [];

/**
 * One open chat's timeline, held in the query cache and kept whole by `liveTimeline`: what writes
 * to it and pages it. What it holds is read by the message list alone (`useTimelineMessages`), so a
 * new message renders the list, not the page around it.
 */
export function useTimeline(chatId: string) {
  const queryClient = useQueryClient();
  const { client } = trpc.useUtils();
  const options = useMemo(() => timelineQuery(client, chatId), [client, chatId]);
  // Fetches the pages; what they hold is read in the list, as the cache changes.
  const { hasNextPage, isFetching, isFetchingNextPage, fetchNextPage } = useInfiniteQuery({
    ...options,
    // Kept current by the room and by catch-ups: fetching every page again would add nothing.
    staleTime: Infinity,
  });
  const live = useMemo(
    () =>
      liveTimeline(queryClient, options.queryKey, {
        messagesAfter: (afterSeq) => client.chats.messages.query({ chatId, afterSeq }),
        changesAfter: (afterChange) => client.messages.changes.query({ chatId, afterChange }),
      }),
    [queryClient, options, client, chatId],
  );
  useEffect(() => live.watch(), [live]);

  const loadOlder = useCallback(() => {
    // A page asked for during another fetch would cancel it.
    if (!isFetching) void fetchNextPage();
  }, [isFetching, fetchNextPage]);

  return {
    queryKey: options.queryKey,
    hasOlder: hasNextPage,
    loadingOlder: isFetchingNextPage,
    loadOlder,
    receive: live.receive,
    receiveChanges: live.receiveChanges,
    catchUp: live.catchUp,
    welcomed: live.welcomed,
  };
}

/**
 * The chat's messages, oldest first, read as the cache changes, in the same task: a room's frame is
 * on screen in the task it arrived in.
 */
export function useTimelineMessages(queryKey: QueryKey, myId: string) {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const hash = hashKey(queryKey);
      return queryClient.getQueryCache().subscribe(({ query }) => {
        if (query.queryHash === hash) onChange();
      });
    },
    [queryClient, queryKey],
  );
  const data = useSyncExternalStore(subscribe, () => queryClient.getQueryData<Timeline>(queryKey));
  const messages = useMemo(() => (data ? timelineMessages(data, myId) : NO_MESSAGES), [data, myId]);
  return {
    messages,
    loaded: data !== undefined,
    /** The member's read mark as the newest page was fetched. */
    readUpTo: data?.pages[0]?.readUpTo ?? 0,
  };
}
