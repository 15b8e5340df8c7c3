import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { Inbox, Send } from "lucide-react";
import { EmptyState } from "@web/components/empty-state";
import { AddFriendDialog } from "@web/components/friends/add-friend-dialog";
import { useFriendRequests } from "@web/components/friends/queries";
import { RequestEntry, type FriendRequest } from "@web/components/friends/request-entry";
import { PageHeader, type PageHeading } from "@web/components/page";
import { Alert } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { pageHead } from "@web/lib/head";

type Tab = "incoming" | "sent";

const heading: PageHeading = { title: "Friend Requests", description: "Requests you have received and sent." };

export const Route = createFileRoute("/_authed/_shell/requests")({
  head: pageHead(heading.title),
  staticData: { heading },
  // Incoming is the default and stays out of the URL; a link can open Sent.
  validateSearch: (search: Record<string, unknown>): { tab?: "sent" } => (search.tab === "sent" ? { tab: "sent" } : {}),
  loader: ({ context }) => void context.trpc.friends.requests.prefetch(),
  component: RequestsPage,
});

function RequestList({ requests, direction }: { requests: FriendRequest[]; direction: Tab }) {
  if (requests.length === 0) {
    return direction === "incoming" ? (
      <EmptyState
        icon={<Inbox />}
        title="No pending requests"
        description="You're all caught up! No friend requests to review."
      />
    ) : (
      <EmptyState
        icon={<Send />}
        title="No sent requests"
        description="You haven't sent any friend requests recently."
      />
    );
  }
  return (
    <ul className="grid gap-3" aria-label={direction === "incoming" ? "Incoming requests" : "Sent requests"}>
      {requests.map((request) => (
        <RequestEntry key={request.id} request={request} direction={direction} place="requests" />
      ))}
    </ul>
  );
}

function RequestsPage() {
  const { tab = "incoming" } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const requests = useFriendRequests();
  const header = <PageHeader {...heading} actions={<AddFriendDialog />} />;

  if (requests.isPending) {
    return (
      <>
        {header}
        <p role="status" className="text-muted-foreground">
          Loading requests...
        </p>
      </>
    );
  }
  if (requests.isError) {
    return (
      <>
        {header}
        <Alert>
          Error loading requests.{" "}
          <Button variant="destructiveLink" size="inline" onClick={() => void requests.refetch()}>
            Try again
          </Button>
        </Alert>
      </>
    );
  }
  const { incoming, sent } = requests.data;
  return (
    <>
      {header}
      <Tabs
        value={tab}
        onValueChange={(value) => void navigate({ search: value === "sent" ? { tab: "sent" } : {}, replace: true })}
      >
        <TabsList className="sm:w-fit">
          <TabsTrigger value="incoming">Incoming ({incoming.length})</TabsTrigger>
          <TabsTrigger value="sent">Sent ({sent.length})</TabsTrigger>
        </TabsList>
        <TabsContent value="incoming">
          <RequestList requests={incoming} direction="incoming" />
        </TabsContent>
        <TabsContent value="sent">
          <RequestList requests={sent} direction="sent" />
        </TabsContent>
      </Tabs>
    </>
  );
}
