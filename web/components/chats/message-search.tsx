import { Link } from "@tanstack/react-router";
import { SearchX } from "lucide-react";
import { plainMentions } from "@core/mentions";
import { matchedRuns } from "@core/search-words";
import { Button } from "@web/components/ui/button";
import { relativeTime } from "@web/lib/relative-time";
import { usePaused } from "@web/lib/use-paused";
import { useMember } from "@web/lib/session";
import { trpc } from "@web/lib/trpc";
import type { RouterOutputs } from "@web/lib/types";

type Found = RouterOutputs["messages"]["searchAll"]["items"][number];

/** Who wrote a result: the member themselves as 'You'. */
const authorOf = (item: Found, myId: string) => (item.senderId === myId ? "You" : item.senderName);

/** Across chats a result names its chat (the group, or the friend of a private chat) and who wrote it. */
const placeOf = (item: Found, myId: string) =>
  `${item.chat.title ?? (item.chat.isGroup ? "Group" : "Chat")} · ${authorOf(item, myId)}`;

/** The excerpt of a result with the words the search matched marked. */
function Excerpt({ text, query }: { text: string; query: string }) {
  return (
    <span className="line-clamp-2 text-sm [overflow-wrap:anywhere]">
      {matchedRuns(text, query).map((run, i) =>
        run.matched ? (
          <mark key={i} className="rounded-sm bg-primary/15 font-medium text-foreground">
            {run.text}
          </mark>
        ) : (
          run.text
        ),
      )}
    </span>
  );
}

/** The longest message search the box takes. */
export const MESSAGE_SEARCH_MAX_LENGTH = 200;

/**
 * The messages matching `text`, in one chat (`chatId`) or across all of the member's chats, newest
 * first, more on request. Each opens its chat at the message; `onOpen` runs as it does.
 */
export function MessageSearchResults({ text, chatId, onOpen }: { text: string; chatId?: string; onOpen?: () => void }) {
  const query = usePaused(text);
  const me = useMember();
  const options = { getNextPageParam: (page: { nextCursor: number | null }) => page.nextCursor, enabled: !!query };
  const inChat = trpc.messages.search.useInfiniteQuery(
    { chatId: chatId ?? "", query },
    {
      ...options,
      enabled: !!query && chatId !== undefined,
    },
  );
  const everywhere = trpc.messages.searchAll.useInfiniteQuery(
    { query },
    {
      ...options,
      enabled: !!query && chatId === undefined,
    },
  );
  const results = chatId === undefined ? everywhere : inChat;

  if (!query) return null;
  if (results.isPending) {
    return (
      <p role="status" className="px-3 py-4 text-sm text-muted-foreground">
        Searching…
      </p>
    );
  }
  if (results.isError) {
    return (
      <p role="alert" className="px-3 py-4 text-sm text-destructive">
        Search failed.{" "}
        <Button variant="link" size="inline" onClick={() => void results.refetch()}>
          Try again
        </Button>
      </p>
    );
  }
  const items: Found[] = results.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <div role="status" className="flex items-center gap-2 px-3 py-4 text-sm text-muted-foreground">
        <SearchX className="size-4" aria-hidden />
        No messages found
      </div>
    );
  }
  return (
    <div className="grid gap-2">
      <ul aria-label="Messages found" className="divide-y">
        {items.map((item) => (
          <li key={item.id}>
            <Link
              to="/chat/$chatId"
              params={{ chatId: item.chatId }}
              search={{ at: item.seq }}
              onClick={onOpen}
              className="block px-3 py-2 outline-none transition-colors hover:bg-accent focus-visible:bg-accent"
            >
              <span className="flex items-baseline gap-2 text-xs text-muted-foreground">
                <span className="truncate font-medium text-foreground">
                  {chatId === undefined ? placeOf(item, me.id) : authorOf(item, me.id)}
                </span>
                <span className="ml-auto shrink-0">{relativeTime(new Date(item.createdAt))}</span>
              </span>
              <Excerpt text={plainMentions(item.content)} query={query} />
            </Link>
          </li>
        ))}
      </ul>
      {results.hasNextPage && (
        <Button
          variant="outline"
          size="sm"
          className="mx-3 mb-2"
          disabled={results.isFetchingNextPage}
          onClick={() => void results.fetchNextPage()}
        >
          {results.isFetchingNextPage ? "Loading…" : "Load more"}
        </Button>
      )}
    </div>
  );
}
