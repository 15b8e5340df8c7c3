import { notify } from "@web/lib/toast";
import { errorMessage, trpc } from "@web/lib/trpc";

/**
 * After any friend action every friends list reloads (spec §4), and with them the sidebar's
 * Requests badge, which reads the same router's count.
 */
export function useRefreshFriends() {
  const utils = trpc.useUtils();
  return () => utils.friends.invalidate();
}

/** Where an action was taken: the spec words its toasts a little differently on each page. */
export type Place = "friends" | "requests";

type Failure = (message: string) => [title: string, description: string];

const FAILURE: Record<Place, Record<"accept" | "reject" | "cancel", Failure>> = {
  friends: {
    accept: (message: string) => ["Friend Error", `Failed to accept request: ${message}`],
    reject: (message: string) => ["Friend Error", `Failed to reject request: ${message}`],
    cancel: (message: string) => ["Friend Error", `Error cancelling request: ${message}`],
  },
  requests: {
    accept: (message: string) => ["Error processing request", message],
    reject: (message: string) => ["Error processing request", message],
    cancel: (message: string) => ["Error cancelling request", message],
  },
};

const REJECTED = { friends: "Friend request rejected.", requests: "Friend request rejected" } as const;

/** Accept, Reject and Cancel Request, with the spec's toasts; each refreshes every list. */
export function useRequestActions(place: Place) {
  const refresh = useRefreshFriends();
  const failed = (action: "accept" | "reject" | "cancel") => (error: unknown) => {
    const [title, description] = FAILURE[place][action](errorMessage(error));
    notify.error(title, description);
    // The request may have changed meanwhile (answered elsewhere, cancelled): show it as it is.
    return refresh();
  };
  const accept = trpc.friends.accept.useMutation({
    onSuccess: () => {
      notify.success("Friend Request Accepted", "Friend request accepted!");
      return refresh();
    },
    onError: failed("accept"),
  });
  const reject = trpc.friends.reject.useMutation({
    onSuccess: () => {
      notify.success("Friend Request Rejected", REJECTED[place]);
      return refresh();
    },
    onError: failed("reject"),
  });
  const cancel = trpc.friends.cancel.useMutation({
    onSuccess: () => {
      notify.success("Friend Request Cancelled", "Friend request cancelled");
      return refresh();
    },
    onError: failed("cancel"),
  });
  return { accept, reject, cancel, busy: accept.isPending || reject.isPending || cancel.isPending };
}
