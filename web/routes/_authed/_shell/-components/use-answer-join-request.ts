import { notify } from "@web/lib/toast";
import { errorMessage, trpc } from "@web/lib/trpc";

/**
 * Accepting or declining a join request, on the dashboard or the project page: either changes the
 * team, the counts and the lists that show them.
 */
export function useAnswerJoinRequest() {
  const utils = trpc.useUtils();
  const refresh = () =>
    Promise.all([
      utils.joinRequests.waiting.invalidate(),
      utils.joinRequests.forProject.invalidate(),
      utils.projects.myStats.invalidate(),
      // An accepted member joins (or starts) the team chat.
      utils.teams.invalidate(),
    ]);
  const onError = (error: unknown) => notify.error("Project Error", errorMessage(error));
  const accept = trpc.joinRequests.accept.useMutation({
    onSuccess: () => {
      notify.success("Request Accepted", "The member has joined your project.");
      return refresh();
    },
    onError,
  });
  const decline = trpc.joinRequests.decline.useMutation({
    onSuccess: () => {
      notify.info("Request Declined", "The member has been told no.");
      return refresh();
    },
    onError,
  });
  return { accept, decline, busy: accept.isPending || decline.isPending };
}

export type JoinRequestAnswers = ReturnType<typeof useAnswerJoinRequest>;
