import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { trpc } from "@web/lib/trpc";
import { liveTimeline } from "./live-timeline";
import { timelineMessages } from "./timeline";
import { timelineQuery } from "./timeline-query";

/** One open chat's messages, oldest first: held in the query cache, kept whole by `liveTimeline`. */
export function useTimeline(chatId: string) {
  const queryClient = useQueryClient();
  const { client } = trpc.useUtils();
  const query = useInfiniteQuery({
    ...timelineQuery(client, chatId),
    // Kept current by the room and by catch-ups: fetching every page again would add nothing.
    staleTime: Infinity,
  });
  const live = useMemo(
    () =>
      liveTimeline(queryClient, timelineQuery(client, chatId).queryKey, (afterSeq) =>
        client.chats.messages.query({ chatId, afterSeq }),
      ),
    [queryClient, client, chatId],
  );
  useEffect(() => live.watch(), [live]);

  const { data, hasNextPage, isFetching, isFetchingNextPage, fetchNextPage } = query;
  const messages = useMemo(() => (data ? timelineMessages(data) : []), [data]);
  return {
    messages,
    loaded: data !== undefined,
    hasOlder: hasNextPage,
    loadingOlder: isFetchingNextPage,
    loadOlder: () => {
      // A page asked for during another fetch would cancel it.
      if (!isFetching) void fetchNextPage();
    },
    receive: live.receive,
    catchUp: live.catchUp,
  };
}
