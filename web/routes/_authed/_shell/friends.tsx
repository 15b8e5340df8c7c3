import { createFileRoute } from "@tanstack/react-router";
import { Search, Users } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { ChatList } from "@web/components/chats/chat-list";
import { CreateGroupDialog } from "@web/components/chats/create-group-dialog";
import { MESSAGE_SEARCH_MAX_LENGTH, MessageSearchResults } from "@web/components/chats/message-search";
import { SearchField } from "@web/components/search-field";
import { EmptyState } from "@web/components/empty-state";
import { AddFriendDialog } from "@web/components/friends/add-friend-dialog";
import { FriendCard, type Friend } from "@web/components/friends/friend-card";
import { useMessageFriend } from "@web/components/friends/message-friend";
import { PendingRequestsCard } from "@web/components/friends/pending-requests-card";
import { nameOf } from "@web/components/friends/people";
import { useFriends } from "@web/components/friends/queries";
import { PageHeader, type PageHeading } from "@web/components/page";
import { Alert } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { pageHead } from "@web/lib/head";
import { trpc } from "@web/lib/trpc";

const heading: PageHeading = { title: "Friends & Chats", description: "Your friends, chats and groups." };

export const Route = createFileRoute("/_authed/_shell/friends")({
  head: pageHead(heading.title),
  staticData: { heading },
  loader: ({ context }) => {
    void context.trpc.friends.list.prefetch();
    void context.trpc.friends.requests.prefetch();
    void context.trpc.chats.summary.prefetch();
  },
  component: FriendsPage,
});

/** Display name or e-mail containing the search, ignoring case. */
function matches(friend: Friend, search: string) {
  const needle = search.trim().toLowerCase();
  return !needle || [friend.displayName ?? "", friend.email].some((text) => text.toLowerCase().includes(needle));
}

function FriendsTab() {
  const friends = useFriends();
  const [search, setSearch] = useState("");
  const deferred = useDeferredValue(search);
  const onMessage = useMessageFriend();

  if (friends.isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-label="Loading friends">
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="h-36 animate-pulse rounded-xl bg-muted" />
        ))}
      </div>
    );
  }
  if (friends.isError) {
    return (
      <Alert>
        Failed to load friends.{" "}
        <Button variant="destructiveLink" size="inline" onClick={() => void friends.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const shown = friends.data.filter((friend) => matches(friend, deferred));
  return (
    <div className="grid gap-4">
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          aria-label="Search friends"
          placeholder="Search friends by name or email..."
          className="pl-9"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {shown.length === 0 ? (
        <EmptyState
          icon={<Users />}
          title="No friends found"
          description={
            friends.data.length === 0
              ? "Add a friend by their email address, or from a member's profile."
              : "No friend's name or email matches your search."
          }
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Friends">
          {shown.map((friend) => (
            <li key={friend.id} className="grid">
              <FriendCard friend={friend} onMessage={onMessage} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Across all of the member's chats: the results show under the box while something is typed. */
function SearchAllChats() {
  const [text, setText] = useState("");
  return (
    <section className="mb-6 grid gap-2" aria-label="Search messages">
      <SearchField
        value={text}
        maxLength={MESSAGE_SEARCH_MAX_LENGTH}
        onChange={setText}
        label="Search messages in all chats"
        placeholder="Search messages in all your chats..."
      />
      {text.trim() && (
        <div className="rounded-xl border">
          <MessageSearchResults text={text} />
        </div>
      )}
    </section>
  );
}

function FriendsPage() {
  const friends = useFriends();
  const summary = trpc.chats.summary.useQuery();
  const candidates = (friends.data ?? []).map((friend) => ({
    id: friend.id,
    name: nameOf(friend),
    avatarUrl: friend.avatarUrl,
  }));
  return (
    <div className="flex flex-col">
      <PageHeader
        {...heading}
        actions={
          <>
            <AddFriendDialog />
            <CreateGroupDialog friends={candidates} />
          </>
        }
      />
      <SearchAllChats />
      <Tabs defaultValue="friends">
        <TabsList className="sm:w-fit">
          <TabsTrigger value="friends">Friends ({friends.data?.length ?? 0})</TabsTrigger>
          <TabsTrigger value="chats">Chats ({summary.data?.chats ?? 0})</TabsTrigger>
          <TabsTrigger value="groups">Groups ({summary.data?.groups ?? 0})</TabsTrigger>
        </TabsList>
        <TabsContent value="friends">
          <FriendsTab />
        </TabsContent>
        <TabsContent value="chats">
          <ChatList kind="chats" />
        </TabsContent>
        <TabsContent value="groups">
          <ChatList kind="groups" />
        </TabsContent>
      </Tabs>
      <div className="mt-8">
        <PendingRequestsCard />
      </div>
    </div>
  );
}
