import { ChatList } from "./chat-list";

const heading = "px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase";

/**
 * The member's chats beside the open one, on a wide screen: private chats, then groups with the
 * project teams' chats among them, each with its unread count, kept live by the member's room as
 * the Friends & Chats page is.
 */
export function ChatsPane() {
  return (
    <div className="min-h-0 flex-1 overflow-y-auto p-3">
      <h2 className={heading}>Chats</h2>
      <ChatList kind="chats" compact />
      <h2 className={`${heading} pt-4`}>Groups</h2>
      <ChatList kind="groups" compact />
    </div>
  );
}
