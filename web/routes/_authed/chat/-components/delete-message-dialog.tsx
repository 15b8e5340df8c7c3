import { ConfirmDialog } from "@web/components/confirm-dialog";

/**
 * Asks before a message is deleted for everyone. Its own module, fetched when a member first asks to
 * delete: the dialog's code is not needed to read a chat.
 */
export default function DeleteMessageDialog({
  own,
  busy,
  onCancel,
  onConfirm,
}: {
  /** The member's own message, or (as a group admin) someone else's. */
  own: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onCancel()}
      busy={busy}
      title="Delete message?"
      action="Delete"
      busyAction="Deleting..."
      onConfirm={onConfirm}
    >
      {own
        ? "It will be deleted for everyone in this chat. This cannot be undone."
        : "As a group admin, you are deleting someone else's message for everyone. This cannot be undone."}
    </ConfirmDialog>
  );
}
