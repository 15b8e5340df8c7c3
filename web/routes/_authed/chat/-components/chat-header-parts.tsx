import { MoreVertical, Pin, Search } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "@web/components/ui/button";
import type { RouterOutputs } from "@web/lib/types";

export type Chat = RouterOutputs["chats"]["byId"];

/** Who is in the chat now, the other person of a private chat, and what the chat is called. */
export function chatPeople(chat: Chat, myId: string) {
  const current = chat.participants.filter((p) => p.current);
  const other = chat.isGroup ? null : chat.participants.find((p) => p.userId !== myId);
  const title = chat.isGroup ? (chat.title ?? "Group") : (other?.name ?? "Chat");
  return { current, other, title };
}

/** Whether a participant is connected to the chat's room. */
export function OnlineDot({ online, label }: { online: boolean; label: string }) {
  return (
    <span
      className={online ? "size-2.5 rounded-full bg-green-500" : "size-2.5 rounded-full bg-muted-foreground/40"}
      role="img"
      aria-label={label}
      title={label}
    />
  );
}

/** The button that opens the chat's menu: the header shows it, off, until the menu's code is there. */
export function ChatMenuButton(props: ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" aria-label="Chat menu" {...props}>
      <MoreVertical aria-hidden />
    </Button>
  );
}

/** The button that opens the chat's search: off until the search's code is there. */
export function ChatSearchButton(props: ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" aria-label="Search messages" {...props}>
      <Search aria-hidden />
    </Button>
  );
}

/** The button that opens the chat's pinned messages: off until the panel's code is there. */
export function ChatPinsButton(props: ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" aria-label="Pinned messages" {...props}>
      <Pin aria-hidden />
    </Button>
  );
}
