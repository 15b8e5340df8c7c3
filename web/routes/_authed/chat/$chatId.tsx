import { createFileRoute, redirect, useNavigate } from "@tanstack/react-router";
import { useCallback, useEffect } from "react";
import { ChatFrame, ChatOutline } from "@web/components/chat-outline";
import { ChatsPane } from "@web/components/chats/chats-pane";
import { CHAT_TITLE, pageHead } from "@web/lib/head";
import { positive } from "@web/lib/search";
import { useMember } from "@web/lib/session";
import { trpc } from "@web/lib/trpc";
import { useWideScreen } from "@web/lib/use-media";
import { ChatHeader } from "./-components/chat-header";
import { Conversation } from "./-components/conversation";
import { FIRST_PAGE_FRESH_MS, timelineQuery } from "./-components/timeline-query";
import { useChat } from "./-components/use-chat";

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
    // The room's ticket goes beside that batch, so the socket opens as the page shows (its helpers
    // came with the guard's, so this waits for nothing).
    const { askTicketAhead, chatRoomKey } = await import("@web/lib/tickets-ahead");
    askTicketAhead(chatRoomKey(params.chatId), () => context.client.chats.ticket.query({ chatId: params.chatId }));
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

function ChatPage() {
  const { chatId } = Route.useParams();
  const { at } = Route.useSearch();
  const me = useMember();
  const navigate = useNavigate();
  const chat = trpc.chats.byId.useQuery({ chatId }, { retry: false });
  const gone = useCallback(() => void navigate({ to: "/friends", replace: true }), [navigate]);
  const live = useChat(chatId, me.id, gone);
  const wide = useWideScreen();

  useEffect(() => {
    if (chat.isError) gone();
  }, [chat.isError, gone]);

  if (!chat.data) {
    return <ChatOutline />;
  }

  return (
    // The member's other chats are asked for only where they show.
    <ChatFrame pane={wide ? <ChatsPane /> : undefined}>
      {/* Outside <main>, so the header keeps its banner landmark. */}
      <ChatHeader chat={chat.data} myId={me.id} presence={live.presence} />
      <main className="flex min-h-0 flex-1 flex-col">
        <Conversation chat={chat.data} myId={me.id} live={live} openAt={at ?? null} />
      </main>
    </ChatFrame>
  );
}
