import { notify } from "@web/lib/toast";
import { errorMessage, trpc } from "@web/lib/trpc";

/**
 * After a block or an unblock, everything that shows the other member looks again: friends and
 * requests, chat lists and open chats (a group folds their messages away), and Settings' list.
 */
function useRefreshAfterBlock() {
  const utils = trpc.useUtils();
  return () =>
    Promise.all([
      utils.friends.invalidate(),
      utils.chats.invalidate(),
      utils.profiles.byId.invalidate(),
      utils.safety.blocked.invalidate(),
    ]);
}

export function useBlock(member: { id: string; name: string }, onBlocked?: () => void) {
  const refresh = useRefreshAfterBlock();
  return trpc.safety.block.useMutation({
    onSuccess: () => {
      notify.success("Member Blocked", `${member.name} is blocked. You can unblock them in Settings.`);
      onBlocked?.();
      return refresh();
    },
    onError: (error) => notify.error("Block Error", errorMessage(error)),
  });
}

export function useUnblock(member: { name: string }) {
  const refresh = useRefreshAfterBlock();
  return trpc.safety.unblock.useMutation({
    onSuccess: () => {
      notify.success("Member Unblocked", `${member.name} can reach you again.`);
      return refresh();
    },
    onError: (error) => {
      notify.error("Block Error", errorMessage(error));
      return refresh();
    },
  });
}
