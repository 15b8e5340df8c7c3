import { useNavigate } from "@tanstack/react-router";
import { Ban, Bell, BellOff, LogOut, UserRound } from "lucide-react";
import { useState } from "react";
import { Avatar } from "@web/components/avatar";
import { ConfirmDialog } from "@web/components/confirm-dialog";
import { BlockDialog } from "@web/components/safety/block-dialog";
import { ThemeChoices } from "@web/components/theme-menu";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@web/components/ui/dropdown-menu";
import { notify } from "@web/lib/toast";
import { errorMessage, trpc } from "@web/lib/trpc";
import { useNarrowScreen } from "@web/lib/use-media";
import { AddGroupMembers } from "./add-group-members";
import { chatPeople, ChatMenuButton, OnlineDot, type Chat } from "./chat-header-parts";

/**
 * The chat's menu (the profile or members, mute, block the other member of a private chat, leave;
 * on a phone, the theme) and its dialogs. Loaded on its own after the
 * page has rendered (chat-header.tsx): the menu and dialog code is a fifth of the page's JavaScript,
 * and the messages need none of it.
 */
export default function ChatMenu({ chat, myId, online }: { chat: Chat; myId: string; online: string[] }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [showPeople, setShowPeople] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const { current, other, title } = chatPeople(chat, myId);
  const phone = useNarrowScreen();
  // A live team chat is left by leaving the project.
  const mayLeave = !(chat.projectId && !chat.archived);

  const mute = trpc.chats.setMuted.useMutation({
    onSuccess: ({ muted }) => {
      void utils.chats.byId.invalidate({ chatId: chat.id });
      notify.success(
        muted ? "Chat muted" : "Chat unmuted",
        muted ? "It no longer counts toward your unread badge." : undefined,
      );
    },
    onError: (error) => notify.error("Chat Error", errorMessage(error)),
  });
  const leave = trpc.chats.leave.useMutation({
    onSuccess: () => {
      void utils.chats.list.invalidate();
      void utils.chats.summary.invalidate();
      notify.success("Left chat", `You left ${title}.`);
      void navigate({ to: "/friends", replace: true });
    },
    onError: (error) => notify.error("Chat Error", errorMessage(error)),
  });

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <ChatMenuButton />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => setShowPeople(true)}>
            <UserRound aria-hidden />
            {chat.isGroup ? "View Members" : "View Profile"}
          </DropdownMenuItem>
          <DropdownMenuItem
            disabled={mute.isPending}
            onSelect={() => mute.mutate({ chatId: chat.id, muted: !chat.me.muted })}
          >
            {chat.me.muted ? <Bell aria-hidden /> : <BellOff aria-hidden />}
            {chat.me.muted ? "Unmute" : "Mute Chat"}
          </DropdownMenuItem>
          {(other || mayLeave) && <DropdownMenuSeparator />}
          {other && (
            <DropdownMenuItem destructive onSelect={() => setBlocking(true)}>
              <Ban aria-hidden />
              Block {other.name}
            </DropdownMenuItem>
          )}
          {mayLeave && (
            <DropdownMenuItem className="text-destructive" onSelect={() => setConfirmLeave(true)}>
              <LogOut aria-hidden />
              Leave Chat
            </DropdownMenuItem>
          )}
          {/* A phone's header leaves the top bar's theme switcher out: its choices are here. */}
          {phone && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuLabel>Theme</DropdownMenuLabel>
              <ThemeChoices label="Theme" />
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>

      <Dialog open={showPeople} onOpenChange={setShowPeople}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{chat.isGroup ? `${title}: members` : title}</DialogTitle>
            <DialogDescription>
              {chat.isGroup ? (chat.description ?? "Everyone in this group.") : "Profile"}
            </DialogDescription>
          </DialogHeader>
          <ul className="grid gap-3">
            {(chat.isGroup ? current : other ? [other] : []).map((p) => (
              <li key={p.userId} className="flex items-center gap-3">
                <Avatar name={p.name} url={p.avatarUrl} className="size-10" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">
                    {p.name}
                    {p.userId === myId && " (you)"}
                  </p>
                  <p className="truncate text-xs text-muted-foreground">
                    {[p.role === "admin" ? "Admin" : null, p.specialization].filter(Boolean).join(" · ") || "Member"}
                  </p>
                </div>
                <OnlineDot
                  online={online.includes(p.userId)}
                  label={online.includes(p.userId) ? "Online" : "Offline"}
                />
              </li>
            ))}
          </ul>
          {/* A team chat's members are the project's team: they come in by being accepted. */}
          {chat.isGroup && chat.me.role === "admin" && !chat.projectId && (
            <AddGroupMembers chatId={chat.id} memberIds={current.map((p) => p.userId)} />
          )}
        </DialogContent>
      </Dialog>

      {other && (
        <BlockDialog
          member={{ id: other.userId, name: other.name }}
          open={blocking}
          onOpenChange={setBlocking}
          // The chat is hidden from the blocker now: back to the lists.
          onBlocked={() => void navigate({ to: "/friends", replace: true })}
        />
      )}

      <ConfirmDialog
        open={confirmLeave}
        onOpenChange={setConfirmLeave}
        busy={leave.isPending}
        title="Leave this chat?"
        action="Leave Chat"
        busyAction="Leaving..."
        onConfirm={() => leave.mutate({ chatId: chat.id })}
      >
        You will no longer see or receive its messages. The others will see that you left.
      </ConfirmDialog>
    </>
  );
}
