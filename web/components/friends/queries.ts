import { trpc } from "@web/lib/trpc";

/**
 * Requests arrive from other members while a page is open: every friends list reloads when the
 * member comes back to the page, so the badge and the lists below it never disagree. Friend
 * actions reload them too (`useRefreshFriends`).
 */
const refreshOnReturn = { refetchOnWindowFocus: true } as const;

export const useFriends = () => trpc.friends.list.useQuery(undefined, refreshOnReturn);
export const useFriendRequests = () => trpc.friends.requests.useQuery(undefined, refreshOnReturn);
export const useIncomingCount = () => trpc.friends.incomingCount.useQuery(undefined, refreshOnReturn);
