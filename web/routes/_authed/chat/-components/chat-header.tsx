import { lazy } from "react";
import { AfterPaint } from "@web/components/after-paint";
import { Avatar } from "@web/components/avatar";
import { ChatBar } from "@web/components/chat-outline";
import { chatPeople, ChatMenuButton, OnlineDot, type Chat } from "./chat-header-parts";

/**
 * Its menu and dialogs, a fifth of the page's JavaScript, are fetched once the messages have painted
 * (chat-menu.tsx): asked for while they render, they would share the network with them.
 */
const ChatMenu = lazy(() => import("./chat-menu"));

/** Back to /friends, who the chat is with (and whether they are here), and the chat's menu. */
export function ChatHeader({
  chat,
  myId,
  online,
  typing,
}: {
  chat: Chat;
  myId: string;
  online: string[];
  typing: string[];
}) {
  const { current, other, title } = chatPeople(chat, myId);
  const othersOnline = online.filter((id) => id !== myId);
  const nameOf = (userId: string) => chat.participants.find((p) => p.userId === userId)?.name ?? "Someone";

  const subtitle = typing.length
    ? `${typing.map(nameOf).join(", ")} ${typing.length === 1 ? "is" : "are"} typing…`
    : chat.isGroup
      ? `${current.length} ${current.length === 1 ? "member" : "members"}${othersOnline.length ? `, ${othersOnline.length} online` : ""}`
      : other && othersOnline.includes(other.userId)
        ? "Online"
        : "Offline";

  return (
    <ChatBar>
      <div className="relative">
        <Avatar name={title} url={other?.avatarUrl ?? null} className="size-10" />
        {other && (
          <span className="absolute -right-0.5 -bottom-0.5 rounded-full bg-background p-0.5">
            <OnlineDot
              online={othersOnline.includes(other.userId)}
              label={othersOnline.includes(other.userId) ? "Online" : "Offline"}
            />
          </span>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-base font-semibold">{title}</h1>
        <p className="truncate text-xs text-muted-foreground" aria-live="polite">
          {subtitle}
        </p>
      </div>
      <AfterPaint fallback={<ChatMenuButton disabled />}>
        <ChatMenu chat={chat} myId={myId} online={online} />
      </AfterPaint>
    </ChatBar>
  );
}
