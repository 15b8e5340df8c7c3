import { useNavigate } from "@tanstack/react-router";
import { notify } from "@web/lib/toast";
import { errorMessage, trpc } from "@web/lib/trpc";

/** Who a Message button writes to: a friend card's friend, or the friend a profile shows. */
export interface MessageTarget {
  id: string;
}

/**
 * What every Message button does (friend cards, a friend's profile): opens the private chat with
 * that friend, starting it the first time.
 */
export function useMessageFriend() {
  const navigate = useNavigate();
  const open = trpc.chats.openPrivate.useMutation({
    onSuccess: ({ chatId }) => void navigate({ to: "/chat/$chatId", params: { chatId } }),
    onError: (error) => notify.error("Chat Error", errorMessage(error)),
  });
  return (friend: MessageTarget) => {
    if (!open.isPending) open.mutate({ friendId: friend.id });
  };
}
