import type { CallKind } from "@core/enums";
import { useStartCall } from "@web/lib/calls/use-start-call";
import { notify } from "@web/lib/toast";
import { errorMessage, trpc } from "@web/lib/trpc";
import type { MessageTarget } from "./message-friend";

/** A friend card's Video Call and Voice Call: the call happens in the private chat with that friend. */
export function useCallFriend() {
  const { start } = useStartCall();
  const open = trpc.chats.openPrivate.useMutation({
    onError: (error) => notify.error("Call Error", errorMessage(error)),
  });
  return (friend: MessageTarget, kind: CallKind) => {
    if (!open.isPending) open.mutate({ friendId: friend.id }, { onSuccess: ({ chatId }) => start(chatId, kind) });
  };
}
