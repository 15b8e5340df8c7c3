import { createFileRoute, redirect, useNavigate } from "@tanstack/react-router";
import { lazy, Suspense, useCallback, useEffect, useMemo } from "react";
import { TEAM_CHAT_READ_ONLY } from "@core/team-rules";
import { ChatOutline } from "@web/components/chat-outline";
import { CHAT_TITLE, pageHead } from "@web/lib/head";
import { positive } from "@web/lib/search";
import { useMember } from "@web/lib/session";
import { trpc } from "@web/lib/trpc";
import { ChatHeader } from "./-components/chat-header";
import { ChatMessages } from "./-components/chat-messages";
import { Composer } from "./-components/composer";
import type { Person } from "./-components/mention-suggestions";
import type { Sender } from "./-components/message-list";
import { MentionNamesContext } from "./-components/message-text";
import { FIRST_PAGE_FRESH_MS, timelineQuery } from "./-components/timeline-query";
import { useChat } from "./-components/use-chat";
import { useMarkDisplayed } from "./-components/use-mark-displayed";
import { useMessageActions } from "./-components/use-message-actions";

/** Fetched when a member first asks to delete a message. */
const DeleteMessageDialog = lazy(() => import("./-components/delete-message-dialog"));

export const Route = createFileRoute("/_authed/chat/$chatId")({
  head: pageHead(CHAT_TITLE),
  staticData: { outline: "chat" },
  // `?at=` a message's number: the chat opens there, highlighted (a search result).
  validateSearch: (search): { at?: number } => ({ at: positive(search.at) }),
  // Another chat is another page: nothing held for one (its messages, what is on its way) shows in the next.
  remountDeps: ({ params }) => params.chatId,
  // Not a participant, or no such chat: back to the lists.
  loader: async ({ context, params }) => {
    // The chat and its newest messages travel with the session check (one batch). Anything held from
    // an earlier visit gives way to the newest page alone, whole by construction.
    void context.queryClient.prefetchInfiniteQuery({
      ...timelineQuery(context.client, params.chatId),
      pages: 1,
      staleTime: FIRST_PAGE_FRESH_MS,
    });
    const [session, chat] = await Promise.allSettled([
      context.session,
      context.trpc.chats.byId.ensureData({ chatId: params.chatId }),
    ]);
    // Signed out: the guard sends the visitor to sign in, and back here after.
    if (session.status === "fulfilled" && session.value && chat.status === "rejected") {
      throw redirect({ to: "/friends", replace: true });
    }
  },
  component: ChatPage,
});

const FORMER_MEMBER: Sender = { name: "Former member", avatarUrl: null };

function ChatPage() {
  const { chatId } = Route.useParams();
  const { at } = Route.useSearch();
  const me = useMember();
  const navigate = useNavigate();
  const chat = trpc.chats.byId.useQuery({ chatId }, { retry: false });
  const utils = trpc.useUtils();
  const gone = useCallback(() => void navigate({ to: "/friends", replace: true }), [navigate]);
  const live = useChat(chatId, me.id, gone);

  useEffect(() => {
    if (chat.isError) gone();
  }, [chat.isError, gone]);

  // What is displayed is read, and seen for read receipts.
  const marks = chat.data?.me;
  const markDisplayed = useMarkDisplayed(chatId, Math.min(marks?.lastReadSeq ?? 0, marks?.seenSeq ?? 0), () => {
    void utils.chats.summary.invalidate();
  });

  // One function, and one sender each, for as long as the participants stay the same: the message
  // list is not built again for a typing hint or a presence change, nor a bubble for a new message.
  const senderOf = useMemo(() => {
    const people = new Map(
      chat.data?.participants.map((p): [string, Sender] => [
        p.userId,
        { name: p.name || FORMER_MEMBER.name, avatarUrl: p.avatarUrl, blocked: p.blocked },
      ]),
    );
    return (userId: string) => people.get(userId) ?? FORMER_MEMBER;
  }, [chat.data?.participants]);

  const nameOf = useCallback((userId: string) => senderOf(userId).name, [senderOf]);
  // Mentions show a participant's name as it is now; `@` offers the group's other current members.
  const mentionNames = useMemo(() => {
    const names = new Map(chat.data?.participants.map((p) => [p.userId, p.name || FORMER_MEMBER.name]));
    return { myId: me.id, nameOf: (userId: string) => names.get(userId) ?? null };
  }, [chat.data?.participants, me.id]);
  const isGroup = chat.data?.isGroup ?? false;
  const participants = chat.data?.participants;
  const people = useMemo<Person[]>(
    () =>
      isGroup && participants
        ? participants
            .filter((p) => p.current && p.userId !== me.id)
            .map((p) => ({ id: p.userId, name: p.name || FORMER_MEMBER.name, avatarUrl: p.avatarUrl }))
        : [],
    [isGroup, participants, me.id],
  );
  const actions = useMessageActions({
    chatId,
    nameOf,
    receiveChanges: live.timeline.receiveChanges,
    send: live.send,
  });

  if (!chat.data) {
    return <ChatOutline />;
  }

  return (
    <div className="flex h-dvh flex-col">
      {/* Outside <main>, so the header keeps its banner landmark. */}
      <ChatHeader chat={chat.data} myId={me.id} presence={live.presence} />
      <main className="flex min-h-0 flex-1 flex-col">
        <MentionNamesContext value={mentionNames}>
          <ChatMessages
            chatId={chatId}
            timelineKey={live.timeline.queryKey}
            outbox={live.outbox}
            myId={me.id}
            senderOf={senderOf}
            hasOlder={live.timeline.hasOlder}
            loadingOlder={live.timeline.loadingOlder}
            onLoadOlder={live.timeline.loadOlder}
            onRetry={live.retry}
            onDisplayed={markDisplayed}
            isGroup={chat.data.isGroup}
            deletesAny={chat.data.isGroup && chat.data.me.role === "admin"}
            handlers={actions.handlers}
            openAt={at ?? null}
          />
        </MentionNamesContext>
        {chat.data.archived ? (
          // The project is gone: its team chat keeps its history, and takes no more messages.
          <p role="status" className="border-t px-4 py-4 text-center text-sm text-muted-foreground">
            {TEAM_CHAT_READ_ONLY}
          </p>
        ) : (
          <Composer
            chatId={chatId}
            mode={actions.mode}
            onSend={actions.submit}
            onCancelMode={actions.cancelMode}
            onTyping={live.announceTyping}
            people={people}
          />
        )}
      </main>
      {actions.deleting && (
        <Suspense>
          <DeleteMessageDialog
            own={actions.deleting.senderId === me.id}
            busy={actions.deletingBusy}
            onCancel={actions.cancelDelete}
            onConfirm={actions.confirmDelete}
          />
        </Suspense>
      )}
    </div>
  );
}
