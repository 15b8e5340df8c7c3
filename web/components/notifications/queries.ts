import { useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { getQueryKey } from "@trpc/react-query";
import { trpc } from "@web/lib/trpc";
import type { RouterOutputs } from "@web/lib/types";

type Page = RouterOutputs["notifications"]["list"];
export type Notification = Page["items"][number];
export type NotificationFilter = "unread" | "all";

/**
 * The bell's count. The member's room keeps it live; coming back to the window reads it again too,
 * for a page whose socket was asleep.
 */
export const useUnreadCount = () => trpc.notifications.unreadCount.useQuery(undefined, { refetchOnWindowFocus: true });

/** The count as the badge says it: the server stops counting at its cap. */
export const countLabel = (count: number) => (count > 99 ? "99+" : String(count));

const readPage = (page: Page, marked: (n: Notification) => boolean): Page => ({
  ...page,
  items: page.items.map((n) => (marked(n) ? { ...n, read: true } : n)),
});

/**
 * Marking read shows at once in every list the page holds (the panel's page and the /notifications
 * pages, under either filter) and in the count; then all of them are read again from the server.
 */
function useMarking() {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const show = (marked: (n: Notification) => boolean, unread: (count: number) => number) => {
    queryClient.setQueriesData<Page | InfiniteData<Page>>({ queryKey: getQueryKey(trpc.notifications.list) }, (data) =>
      !data
        ? data
        : "pages" in data
          ? { ...data, pages: data.pages.map((p) => readPage(p, marked)) }
          : readPage(data, marked),
    );
    utils.notifications.unreadCount.setData(undefined, (count) => (count === undefined ? count : unread(count)));
  };
  return { show, refresh: () => void utils.notifications.invalidate() };
}

export function useMarkRead() {
  const { show, refresh } = useMarking();
  return trpc.notifications.markRead.useMutation({
    onMutate: ({ id }) =>
      show(
        (n) => n.id === id,
        (count) => Math.max(0, count - 1),
      ),
    onSettled: refresh,
  });
}

export function useMarkAllRead() {
  const { show, refresh } = useMarking();
  return trpc.notifications.markAllRead.useMutation({
    onMutate: ({ upToId }) =>
      show(
        (n) => upToId == null || n.id <= upToId,
        () => 0,
      ),
    onSettled: refresh,
  });
}
