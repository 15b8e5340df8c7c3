/**
 * The call's chat: the messages of the chat the call is in, and its composer, beside the call on a
 * wide screen and as a sheet over it on a phone. The same conversation as the chat's page, with a
 * socket of its own to the chat's room for the messages (the call's socket carries the call).
 * Fetched when a member first opens it.
 */
import { X } from "lucide-react";
import { trpc } from "@web/lib/trpc";
import { usePhone } from "@web/lib/use-media";
import { Conversation } from "../../routes/_authed/chat/-components/conversation";
import { useChat } from "../../routes/_authed/chat/-components/use-chat";
import { Button } from "../ui/button";
import { Dialog, DialogContent, DialogTitle } from "../ui/dialog";

/** Leaving the chat (removed from a group) ends the call through the call's own socket. */
const leftByTheCall = () => undefined;

function Messages({ chatId, myId }: { chatId: string; myId: string }) {
  const chat = trpc.chats.byId.useQuery({ chatId }, { retry: false });
  const live = useChat(chatId, myId, leftByTheCall);
  if (!chat.data) {
    return (
      <p role="status" className="flex flex-1 items-center justify-center text-sm text-muted-foreground">
        Loading messages...
      </p>
    );
  }
  return <Conversation chat={chat.data} myId={myId} live={live} openAt={null} />;
}

export default function CallChat({ chatId, myId, onClose }: { chatId: string; myId: string; onClose: () => void }) {
  const phone = usePhone();
  if (phone) {
    return (
      <Dialog open onOpenChange={(open) => !open && onClose()}>
        <DialogContent bare sheet aria-describedby={undefined} className="flex h-[85dvh] flex-col">
          <DialogTitle className="border-b px-4 py-3 text-base">Chat</DialogTitle>
          <Messages chatId={chatId} myId={myId} />
        </DialogContent>
      </Dialog>
    );
  }
  return (
    <aside aria-label="Chat" className="flex w-80 shrink-0 flex-col overflow-hidden rounded-xl border lg:w-96">
      <header className="flex items-center justify-between border-b py-1.5 pr-1.5 pl-4">
        <h3 className="text-base font-semibold">Chat</h3>
        <Button variant="ghost" size="icon" aria-label="Close chat" onClick={onClose}>
          <X aria-hidden />
        </Button>
      </header>
      <Messages chatId={chatId} myId={myId} />
    </aside>
  );
}
