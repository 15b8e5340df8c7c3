import { lazy, Suspense, useCallback, useMemo } from "react";
import { TEAM_CHAT_READ_ONLY } from "@core/team-rules";
import { trpc } from "@web/lib/trpc";
import { ChatMessages } from "./chat-messages";
import type { Chat } from "./chat-header-parts";
import { Composer } from "./composer";
import type { Person } from "./mention-suggestions";
import type { Sender } from "./message-list";
import { MentionNamesContext, TaskLinksContext } from "./message-text";
import type { useChat } from "./use-chat";
import { useMarkDisplayed } from "./use-mark-displayed";
import { useMessageActions } from "./use-message-actions";

/**
 * A chat whose room refused this member for good: in practice a private chat across a block. Said
 * as a former friend's refused message says it, so the blocked member is not told of the block.
 */
export const CHAT_UNREACHABLE = "You can only message your friends, so this chat is read-only.";

/** Fetched when a member first asks to delete a message. */
const DeleteMessageDialog = lazy(() => import("./delete-message-dialog"));

const FORMER_MEMBER: Sender = { name: "Former member", avatarUrl: null };

/**
 * A chat's messages and its composer (or the line saying it takes no more), with what a member
 * does to a message: the chat's page, and the chat panel of a call in it, show this same piece.
 */
export function Conversation({
  chat,
  myId,
  live,
  openAt,
}: {
  chat: Chat;
  myId: string;
  live: ReturnType<typeof useChat>;
  /** A message's number to open at, highlighted (a search result). */
  openAt: number | null;
}) {
  const chatId = chat.id;
  const utils = trpc.useUtils();
  // What is displayed is read, and seen for read receipts.
  const marks = chat.me;
  const markDisplayed = useMarkDisplayed(chatId, Math.min(marks.lastReadSeq, marks.seenSeq), () => {
    void utils.chats.summary.invalidate();
  });

  // One function, and one sender each, for as long as the participants stay the same: the message
  // list is not built again for a typing hint or a presence change, nor a bubble for a new message.
  const senderOf = useMemo(() => {
    const people = new Map(
      chat.participants.map((p): [string, Sender] => [
        p.userId,
        { name: p.name || FORMER_MEMBER.name, avatarUrl: p.avatarUrl, blocked: p.blocked },
      ]),
    );
    return (userId: string) => people.get(userId) ?? FORMER_MEMBER;
  }, [chat.participants]);

  const nameOf = useCallback((userId: string) => senderOf(userId).name, [senderOf]);
  // Mentions show a participant's name as it is now; `@` offers the group's other current members.
  const mentionNames = useMemo(() => {
    const names = new Map(chat.participants.map((p) => [p.userId, p.name || FORMER_MEMBER.name]));
    return { myId, nameOf: (userId: string) => names.get(userId) ?? null };
  }, [chat.participants, myId]);
  const { isGroup, participants } = chat;
  const people = useMemo<Person[]>(
    () =>
      isGroup
        ? participants
            .filter((p) => p.current && p.userId !== myId)
            .map((p) => ({ id: p.userId, name: p.name || FORMER_MEMBER.name, avatarUrl: p.avatarUrl }))
        : [],
    [isGroup, participants, myId],
  );
  const actions = useMessageActions({
    chatId,
    myId,
    nameOf,
    timelineKey: live.timeline.queryKey,
    receiveChanges: live.timeline.receiveChanges,
    send: live.send,
  });

  return (
    <>
      <MentionNamesContext value={mentionNames}>
        {/* A team chat's `#12` opens its project's task; once the project is deleted, its board is gone too. */}
        <TaskLinksContext value={chat.archived ? null : chat.projectId}>
          <ChatMessages
            chatId={chatId}
            timelineKey={live.timeline.queryKey}
            outbox={live.outbox}
            myId={myId}
            senderOf={senderOf}
            hasOlder={live.timeline.hasOlder}
            loadingOlder={live.timeline.loadingOlder}
            onLoadOlder={live.timeline.loadOlder}
            onRetry={live.retry}
            onDisplayed={markDisplayed}
            isGroup={chat.isGroup}
            deletesAny={chat.isGroup && chat.me.role === "admin"}
            pinsAllowed={!chat.archived && !live.unreachable && (!chat.isGroup || chat.me.role === "admin")}
            handlers={actions.handlers}
            openAt={openAt}
          />
        </TaskLinksContext>
      </MentionNamesContext>
      {chat.archived || live.unreachable ? (
        // The project is gone (its team chat keeps its history), or the member may no longer reach
        // the chat: it reads, and takes no more messages.
        <p role="status" className="border-t px-4 py-4 text-center text-sm text-muted-foreground">
          {chat.archived ? TEAM_CHAT_READ_ONLY : CHAT_UNREACHABLE}
        </p>
      ) : (
        <Composer
          chatId={chatId}
          myId={myId}
          mode={actions.mode}
          onSend={actions.submit}
          onCancelMode={actions.cancelMode}
          onEditLast={actions.editLast}
          onTyping={live.announceTyping}
          people={people}
        />
      )}
      {actions.deleting && (
        <Suspense>
          <DeleteMessageDialog
            own={actions.deleting.senderId === myId}
            busy={actions.deletingBusy}
            onCancel={actions.cancelDelete}
            onConfirm={actions.confirmDelete}
          />
        </Suspense>
      )}
    </>
  );
}
