import { notify } from "@web/lib/toast";
import { errorMessage, trpc } from "@web/lib/trpc";
import { ConfirmDialog } from "../confirm-dialog";
import { useRefreshFriends } from "./use-friend-actions";

/** Remove Friend, confirmed first: it ends the friendship for both members. */
export function RemoveFriendDialog({
  friend,
  open,
  onOpenChange,
}: {
  friend: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const refresh = useRefreshFriends();
  const remove = trpc.friends.remove.useMutation({
    onSuccess: () => {
      onOpenChange(false);
      notify.success("Friend Removed", `${friend.name} is no longer your friend.`);
      return refresh();
    },
    onError: (error) => {
      onOpenChange(false);
      notify.error("Friend Error", `Failed to remove friend: ${errorMessage(error)}`);
      return refresh();
    },
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={remove.isPending}
      title="Remove Friend"
      action="Remove"
      busyAction="Removing..."
      onConfirm={() => remove.mutate({ memberId: friend.id })}
    >
      Remove {friend.name} from your friends? You will leave each other's friends lists; either of you can send a new
      request later.
    </ConfirmDialog>
  );
}
