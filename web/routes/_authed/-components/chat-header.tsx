import { Link, useNavigate } from "@tanstack/react-router";
import { ArrowLeft, Bell, BellOff, LogOut, MoreVertical, UserRound } from "lucide-react";
import { useState } from "react";
import { Avatar } from "../../../components/avatar";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "../../../components/ui/alert-dialog";
import { Button, buttonVariants } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu";
import { notify } from "../../../lib/toast";
import { errorMessage, trpc } from "../../../lib/trpc";
import type { RouterOutputs } from "../../../lib/types";
import { AddGroupMembers } from "./add-group-members";

type Chat = RouterOutputs["chats"]["byId"];

function OnlineDot({ online, label }: { online: boolean; label: string }) {
  return (
    <span
      className={online ? "size-2.5 rounded-full bg-green-500" : "size-2.5 rounded-full bg-muted-foreground/40"}
      role="img"
      aria-label={label}
      title={label}
    />
  );
}

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
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [showPeople, setShowPeople] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const current = chat.participants.filter((p) => p.current);
  const other = chat.isGroup ? null : chat.participants.find((p) => p.userId !== myId);
  const title = chat.isGroup ? (chat.title ?? "Group") : (other?.name ?? "Chat");
  const othersOnline = online.filter((id) => id !== myId);
  const nameOf = (userId: string) => chat.participants.find((p) => p.userId === userId)?.name ?? "Someone";

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

  const subtitle = typing.length
    ? `${typing.map(nameOf).join(", ")} ${typing.length === 1 ? "is" : "are"} typing…`
    : chat.isGroup
      ? `${current.length} ${current.length === 1 ? "member" : "members"}${othersOnline.length ? `, ${othersOnline.length} online` : ""}`
      : other && othersOnline.includes(other.userId)
        ? "Online"
        : "Offline";

  return (
    <header className="flex items-center gap-3 border-b bg-background px-3 py-2 sm:px-6">
      <Link
        to="/friends"
        className={buttonVariants({ variant: "ghost", size: "icon" })}
        aria-label="Back to Friends & Chats"
      >
        <ArrowLeft aria-hidden />
      </Link>
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
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label="Chat menu">
            <MoreVertical aria-hidden />
          </Button>
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
          <DropdownMenuSeparator />
          <DropdownMenuItem className="text-destructive" onSelect={() => setConfirmLeave(true)}>
            <LogOut aria-hidden />
            Leave Chat
          </DropdownMenuItem>
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
          {chat.isGroup && chat.me.role === "admin" && (
            <AddGroupMembers chatId={chat.id} memberIds={current.map((p) => p.userId)} />
          )}
        </DialogContent>
      </Dialog>

      <AlertDialog open={confirmLeave} onOpenChange={setConfirmLeave}>
        <AlertDialogContent>
          <AlertDialogTitle>Leave this chat?</AlertDialogTitle>
          <AlertDialogDescription>
            You will no longer see or receive its messages. The others will see that you left.
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction disabled={leave.isPending} onClick={() => leave.mutate({ chatId: chat.id })}>
              {leave.isPending ? "Leaving..." : "Leave Chat"}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </header>
  );
}
