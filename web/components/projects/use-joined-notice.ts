import { useCallback, useEffect, useRef } from "react";
import { notify } from "@web/lib/toast";
import { trpc } from "@web/lib/trpc";

/**
 * 'Project Joined', once per acceptance: the notice shows, the server records it as seen, and the
 * cached answers change at once, so coming back before they refetch cannot show it again.
 */
function useAnnounceJoin() {
  const utils = trpc.useUtils();
  const { mutate: acknowledge } = trpc.joinRequests.acknowledge.useMutation();
  const told = useRef(new Set<string>());
  // One function for the component's life, so the effects that call it run when their data changes.
  return useCallback(
    (projectId: string) => {
      if (told.current.has(projectId)) return;
      told.current.add(projectId);
      notify.success("Project Joined", "You have successfully joined the project!");
      utils.joinRequests.unseenAcceptances.setData(undefined, (list) => list?.filter((n) => n.projectId !== projectId));
      utils.joinRequests.forProject.setData({ projectId }, (join) =>
        join?.mine ? { ...join, mine: { ...join.mine, seen: true } } : join,
      );
      acknowledge({ projectId });
    },
    [utils, acknowledge],
  );
}

/** On a page that lists no particular project (the dashboard): every acceptance not yet seen. */
export function useJoinedNotices() {
  const unseen = trpc.joinRequests.unseenAcceptances.useQuery();
  const announce = useAnnounceJoin();
  useEffect(() => {
    for (const { projectId } of unseen.data ?? []) announce(projectId);
  }, [unseen.data, announce]);
}

/** On a project's page: the caller's own request to it, when it was accepted and not yet seen. */
export function useJoinedNotice(projectId: string, mine: { status: string; seen: boolean } | null | undefined) {
  const announce = useAnnounceJoin();
  const due = mine?.status === "accepted" && !mine.seen;
  useEffect(() => {
    if (due) announce(projectId);
  }, [due, projectId, announce]);
}
