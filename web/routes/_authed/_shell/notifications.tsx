import { createFileRoute } from "@tanstack/react-router";
import { CheckCheck, Inbox } from "lucide-react";
import { EmptyState } from "@web/components/empty-state";
import { NotificationList, NotificationsLoading } from "@web/components/notifications/notification-list";
import {
  useMarkAllRead,
  useUnreadCount,
  type Notification,
  type NotificationFilter,
} from "@web/components/notifications/queries";
import { PageHeader, type PageHeading } from "@web/components/page";
import { Alert } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { LoadMore } from "@web/components/load-more";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { pageHead } from "@web/lib/head";
import { trpc } from "@web/lib/trpc";

const heading: PageHeading = {
  title: "Notifications",
  description: "Requests, answers and news about your projects, groups and plan.",
};

const FILTERS: NotificationFilter[] = ["all", "unread"];

export const Route = createFileRoute("/_authed/_shell/notifications")({
  head: pageHead(heading.title),
  staticData: { heading },
  // Everything is the default and stays out of the URL; a link can open the unread ones.
  validateSearch: (search: Record<string, unknown>): { filter?: "unread" } =>
    search.filter === "unread" ? { filter: "unread" } : {},
  loaderDeps: ({ search }) => ({ filter: search.filter ?? ("all" as const) }),
  loader: ({ context, deps }) => void context.trpc.notifications.list.prefetchInfinite(deps),
  component: NotificationsPage,
});

function NotificationsPage() {
  const { filter = "all" } = Route.useSearch();
  const navigate = Route.useNavigate();
  const unread = useUnreadCount().data ?? 0;
  const markAll = useMarkAllRead();
  const list = trpc.notifications.list.useInfiniteQuery(
    { filter },
    { getNextPageParam: (page) => page.nextCursor, placeholderData: (previous) => previous },
  );
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        {...heading}
        actions={
          <Button
            variant="outline"
            disabled={unread === 0 || markAll.isPending}
            onClick={() => markAll.mutate({ upToId: items[0]?.id })}
          >
            <CheckCheck aria-hidden />
            {markAll.isPending ? "Marking..." : "Mark all as read"}
          </Button>
        }
      />
      <Tabs
        value={filter}
        onValueChange={(value) =>
          void navigate({ search: value === "unread" ? { filter: "unread" } : {}, replace: true })
        }
      >
        <TabsList className="sm:w-fit">
          <TabsTrigger value="all">All</TabsTrigger>
          <TabsTrigger value="unread">Unread</TabsTrigger>
        </TabsList>
        {FILTERS.map((shown) => (
          <TabsContent key={shown} value={shown}>
            {shown === filter && <Listing filter={filter} list={list} items={items} />}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

function Listing({
  filter,
  list,
  items,
}: {
  filter: NotificationFilter;
  list: ReturnType<typeof trpc.notifications.list.useInfiniteQuery>;
  items: Notification[];
}) {
  if (list.isPending) return <NotificationsLoading rows={5} />;
  if (list.isError) {
    return (
      <Alert>
        Notifications could not be loaded.{" "}
        <Button variant="destructiveLink" size="inline" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<Inbox />}
        title="You're all caught up"
        description={
          filter === "unread"
            ? "No unread notifications."
            : "Friend requests, join requests and news about your groups and plan will show here."
        }
      />
    );
  }
  return (
    <div className="grid gap-4">
      <NotificationList items={items} className="overflow-hidden rounded-xl border bg-card" />
      <LoadMore pages={list} />
    </div>
  );
}
