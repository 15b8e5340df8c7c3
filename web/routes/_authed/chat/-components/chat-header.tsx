import { lazy, memo } from "react";
import { AfterPaint } from "@web/components/after-paint";
import { Avatar } from "@web/components/avatar";
import { CallButtons } from "@web/components/calls/call-buttons";
import { ChatBar } from "@web/components/chat-outline";
import { ThemeSwitcher } from "@web/components/theme-switcher";
import {
  chatPeople,
  ChatMenuButton,
  ChatPinsButton,
  ChatSearchButton,
  OnlineDot,
  type Chat,
} from "./chat-header-parts";
import { useOnline, useTyping, type PresenceStore } from "./use-presence";

/**
 * Its menu and dialogs, a fifth of the page's JavaScript, are fetched once the messages have painted
 * (chat-menu.tsx): asked for while they render, they would share the network with them.
 */
const ChatMenu = lazy(() => import("./chat-menu"));
/** The chat's search and its popover, fetched the same way. */
const ChatSearch = lazy(() => import("./chat-search"));
/** The chat's pinned messages and their panel, fetched the same way. */
const ChatPins = lazy(() => import("./chat-pins"));

/** Back to /friends, who the chat is with (and whether they are here), and the chat's menu. */
export const ChatHeader = memo(function ChatHeader({
  chat,
  myId,
  presence,
}: {
  chat: Chat;
  myId: string;
  presence: PresenceStore;
}) {
  const online = useOnline(presence);
  const { other, title } = chatPeople(chat, myId);
  const otherOnline = !!other && online.includes(other.userId);

  return (
    <ChatBar>
      {/* A phone's row needs its width for the name; the status line still says who is online. */}
      <div className="relative hidden sm:block">
        <Avatar name={title} url={other?.avatarUrl ?? null} className="size-10" />
        {other && (
          <span className="absolute -right-0.5 -bottom-0.5 rounded-full bg-background p-0.5">
            <OnlineDot online={otherOnline} label={otherOnline ? "Online" : "Offline"} />
          </span>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-base font-semibold">{title}</h1>
        <ChatStatus chat={chat} myId={myId} online={online} presence={presence} />
      </div>
      <AfterPaint fallback={<ChatSearchButton disabled />}>
        <ChatSearch chatId={chat.id} />
      </AfterPaint>
      <AfterPaint fallback={<ChatPinsButton disabled className="max-sm:hidden" />}>
        <ChatPins chat={chat} myId={myId} />
      </AfterPaint>
      {/* A deleted project's team chat is read-only: nobody is rung from it. */}
      {!chat.archived && <CallButtons chatId={chat.id} />}
      <AfterPaint fallback={<ChatMenuButton disabled />}>
        <ChatMenu chat={chat} myId={myId} online={online} />
      </AfterPaint>
      {/* The top bar's theme switcher, on the page the top bar leaves out; a phone's row keeps its width for the name. */}
      <div className="hidden sm:block">
        <ThemeSwitcher />
      </div>
    </ChatBar>
  );
});

/**
 * Who is typing; otherwise whether the other member is here, or how many of the group are. Reads the
 * typing hints itself, so one renders this line alone, not the header around it.
 */
function ChatStatus({
  chat,
  myId,
  online,
  presence,
}: {
  chat: Chat;
  myId: string;
  online: string[];
  presence: PresenceStore;
}) {
  const typing = useTyping(presence);
  const { current, other } = chatPeople(chat, myId);
  const othersOnline = online.filter((id) => id !== myId);
  const nameOf = (userId: string) => chat.participants.find((p) => p.userId === userId)?.name ?? "Someone";

  const status = typing.length
    ? `${typing.map(nameOf).join(", ")} ${typing.length === 1 ? "is" : "are"} typing…`
    : chat.isGroup
      ? `${current.length} ${current.length === 1 ? "member" : "members"}${othersOnline.length ? `, ${othersOnline.length} online` : ""}`
      : other && othersOnline.includes(other.userId)
        ? "Online"
        : "Offline";

  return (
    <p className="truncate text-xs text-muted-foreground" aria-live="polite">
      {status}
    </p>
  );
}
