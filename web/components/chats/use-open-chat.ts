import { useNavigate } from "@tanstack/react-router";
import { notify } from "../../lib/toast";
import { errorMessage, trpc } from "../../lib/trpc";

/** Message on a friend: opens the private chat with them, starting it the first time. */
export function useOpenChat() {
  const navigate = useNavigate();
  const open = trpc.chats.openPrivate.useMutation({
    onSuccess: ({ chatId }) => void navigate({ to: "/chat/$chatId", params: { chatId } }),
    onError: (error) => notify.error("Chat Error", errorMessage(error)),
  });
  return { open: (friendId: string) => open.mutate({ friendId }), isPending: open.isPending };
}
