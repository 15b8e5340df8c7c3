import { Link } from "@tanstack/react-router";
import { BellOff, MessageSquare, UsersRound } from "lucide-react";
import { plainMentions } from "@core/mentions";
import { BLOCKED_MESSAGE, REMOVED_BY_MODERATOR } from "@core/safety-rules";
import { cn } from "@web/lib/cn";
import { relativeTime } from "@web/lib/relative-time";
import { useMe } from "@web/lib/session";
import { trpc } from "@web/lib/trpc";
import type { RouterOutputs } from "@web/lib/types";
import { Avatar } from "../avatar";
import { LoadMore } from "../load-more";

/**
 * The Chats or Groups tab: each chat with its last message and sender, when it was last active,
 * and how many messages wait unread. Newest activity first; more load on request. `compact`: the
 * narrower list beside an open chat, which marks that chat.
 */
export function ChatList({ kind, compact = false }: { kind: "chats" | "groups"; compact?: boolean }) {
  const myId = useMe()?.id;
  const list = trpc.chats.list.useInfiniteQuery({ kind }, { getNextPageParam: (page) => page.nextCursor });
  if (list.isPending) {
    return (
      <div className="grid gap-2" role="status" aria-label={`Loading ${kind}`}>
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="h-16 animate-pulse rounded-xl bg-muted" />
        ))}
      </div>
    );
  }
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  if (items.length === 0 && compact) {
    return (
      <p className="px-3 py-6 text-center text-sm text-muted-foreground">
        {kind === "groups" ? "No groups yet" : "No chats yet"}
      </p>
    );
  }
  if (items.length === 0) {
    const Icon = kind === "groups" ? UsersRound : MessageSquare;
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-14 text-center">
        <Icon className="size-10 text-muted-foreground" aria-hidden />
        <h2 className="text-lg font-semibold">{kind === "groups" ? "No groups yet" : "No chats yet"}</h2>
        <p className="max-w-md text-sm text-muted-foreground">
          {kind === "groups"
            ? "Group chats you create or join show here."
            : "Press Message on a friend's card to start a chat."}
        </p>
      </div>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-3">
      <ul
        className={compact ? "grid grid-cols-1 gap-0.5" : "divide-y rounded-xl border"}
        aria-label={kind === "groups" ? "Groups" : "Chats"}
      >
        {items.map((chat) => {
          const name = chat.isGroup ? (chat.title ?? "Group") : (chat.other?.name ?? "Chat");
          const preview = chat.lastMessage ? previewOf(chat.lastMessage, myId) : "No messages yet";
          return (
            <li key={chat.id}>
              <Link
                to="/chat/$chatId"
                params={{ chatId: chat.id }}
                className={cn(
                  "flex items-center gap-3 outline-none transition-colors hover:bg-accent focus-visible:bg-accent data-[status=active]:bg-accent",
                  compact ? "rounded-md px-3 py-2.5" : "px-4 py-3",
                )}
              >
                <Avatar name={name} url={chat.other?.avatarUrl ?? null} className={compact ? "size-9" : "size-11"} />
                <div className="min-w-0 flex-1">
                  <div className="flex items-baseline gap-2">
                    <span className="truncate font-medium">{name}</span>
                    {/* Beside the chat, the pane is narrow: the name and the time need its width, and the
                        header says how many members the open group has. */}
                    {chat.isGroup && !compact && (
                      <span className="shrink-0 text-xs text-muted-foreground">
                        {chat.memberCount} {chat.memberCount === 1 ? "member" : "members"}
                      </span>
                    )}
                    {chat.muted && <BellOff className="size-3.5 shrink-0 text-muted-foreground" aria-label="Muted" />}
                    <span className="ml-auto shrink-0 text-xs text-muted-foreground">
                      {chat.lastMessage ? relativeTime(chat.lastActivityAt) : "Just created"}
                    </span>
                  </div>
                  <div className="flex items-center gap-2">
                    <p className="truncate text-sm text-muted-foreground">{preview}</p>
                    {chat.unread > 0 && (
                      <span
                        className="ml-auto inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-[11px] font-semibold leading-5 text-primary-foreground"
                        aria-label={`${chat.unread} unread`}
                      >
                        {chat.unread > 99 ? "99+" : chat.unread}
                      </span>
                    )}
                  </div>
                </div>
              </Link>
            </li>
          );
        })}
      </ul>
      <LoadMore pages={list} />
    </div>
  );
}

type LastMessage = NonNullable<RouterOutputs["chats"]["list"]["items"][number]["lastMessage"]>;

/** The newest message as a line under the chat's name: never the words of a blocked member or removed ones. */
function previewOf(last: LastMessage, myId: string | undefined) {
  if (last.messageType === "system") return last.content;
  const words =
    last.messageType === "removed"
      ? REMOVED_BY_MODERATOR
      : last.fromBlocked
        ? BLOCKED_MESSAGE
        : plainMentions(last.content);
  return `${last.senderId === myId ? "You" : last.senderName}: ${words}`;
}
