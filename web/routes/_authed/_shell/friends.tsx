import { createFileRoute } from "@tanstack/react-router";
import { ChatList } from "../../../components/chats/chat-list";
import { CreateGroupDialog } from "../../../components/chats/create-group-dialog";
import { PageHeader } from "../../../components/page";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs";
import { pageHead } from "../../../lib/head";
import { trpc } from "../../../lib/trpc";

export const Route = createFileRoute("/_authed/_shell/friends")({
  head: pageHead("Friends & Chats"),
  loader: ({ context }) => void context.trpc.chats.summary.prefetch(),
  component: FriendsPage,
});

function FriendsPage() {
  const summary = trpc.chats.summary.useQuery();
  return (
    <div className="flex flex-col">
      <PageHeader
        title="Friends & Chats"
        description="Your friends, chats and groups."
        actions={<CreateGroupDialog friends={[]} />}
      />
      <Tabs defaultValue="chats">
        <TabsList className="sm:w-fit">
          <TabsTrigger value="chats">Chats ({summary.data?.chats ?? 0})</TabsTrigger>
          <TabsTrigger value="groups">Groups ({summary.data?.groups ?? 0})</TabsTrigger>
        </TabsList>
        <TabsContent value="chats">
          <ChatList kind="chats" />
        </TabsContent>
        <TabsContent value="groups">
          <ChatList kind="groups" />
        </TabsContent>
      </Tabs>
    </div>
  );
}
