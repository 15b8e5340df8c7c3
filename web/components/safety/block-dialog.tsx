import { ConfirmDialog } from "../confirm-dialog";
import { useBlock } from "./use-block";

/**
 * Block, confirmed first: it ends a friendship and hides the private chat, so it is never one click.
 * The other member is not told.
 */
export function BlockDialog({
  member,
  open,
  onOpenChange,
  onBlocked,
}: {
  member: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the block is stored, before the lists reload (a chat's page leaves the chat). */
  onBlocked?: () => void;
}) {
  const block = useBlock(member, () => {
    onOpenChange(false);
    onBlocked?.();
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={block.isPending}
      title={`Block ${member.name}?`}
      action="Block"
      busyAction="Blocking..."
      onConfirm={() => block.mutate({ memberId: member.id })}
    >
      They will not be able to message you, send you friend requests or ask to join your projects, and you will not find
      each other in search. Your friendship ends and your private chat is hidden until you unblock them. In groups you
      share, their messages are folded away. They are not told.
    </ConfirmDialog>
  );
}
