import { Link } from "@tanstack/react-router";
import { Bell, CheckCheck } from "lucide-react";
import { useState } from "react";
import { DataProvider } from "@web/lib/data-provider";
import { trpc } from "@web/lib/trpc";
import { Button } from "../ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "../ui/popover";
import { NotificationList, NotificationsLoading } from "./notification-list";
import { countLabel, useMarkAllRead, useUnreadCount } from "./queries";

/** The bell in the top bar, on every page a member is signed in on; it brings its own query cache. */
export function NotificationBell() {
  return (
    <DataProvider>
      <BellButton />
    </DataProvider>
  );
}

function BellButton() {
  const [open, setOpen] = useState(false);
  const count = useUnreadCount().data ?? 0;
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={count ? `Notifications, ${countLabel(count)} unread` : "Notifications"}
        >
          <Bell className="size-5" aria-hidden />
          {count > 0 && (
            <span
              className="absolute top-1 right-1 inline-flex min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] font-semibold leading-5 text-white"
              data-testid="notifications-unread"
              aria-hidden
            >
              {countLabel(count)}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label="Notifications" className="flex w-[min(24rem,calc(100vw-1rem))] flex-col">
        <Panel unread={count} close={() => setOpen(false)} />
      </PopoverContent>
    </Popover>
  );
}

/** The newest notifications, read and unread, with the way to the rest. */
function Panel({ unread, close }: { unread: number; close: () => void }) {
  const list = trpc.notifications.list.useQuery({ filter: "all" });
  const markAll = useMarkAllRead();
  const items = list.data?.items ?? [];
  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b px-4 py-2">
        <h2 className="text-sm font-semibold">Notifications</h2>
        <Button
          variant="ghost"
          size="sm"
          disabled={unread === 0 || markAll.isPending}
          onClick={() => markAll.mutate({ upToId: items[0]?.id })}
        >
          <CheckCheck aria-hidden />
          {markAll.isPending ? "Marking..." : "Mark all as read"}
        </Button>
      </div>
      {list.isPending ? (
        <NotificationsLoading />
      ) : list.isError ? (
        <p className="px-4 py-6 text-center text-sm text-muted-foreground">
          Notifications could not be loaded.{" "}
          <Button variant="link" size="inline" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </p>
      ) : items.length === 0 ? (
        <div className="px-4 py-8 text-center">
          <p className="font-semibold">You&apos;re all caught up</p>
          <p className="mt-1 text-sm text-muted-foreground">New requests and news about your projects show here.</p>
        </div>
      ) : (
        <NotificationList items={items} onOpen={close} className="max-h-[min(28rem,65vh)] overflow-y-auto" />
      )}
      <Link
        to="/notifications"
        onClick={close}
        className="border-t px-4 py-2.5 text-center text-sm font-medium text-primary outline-none hover:bg-accent focus-visible:bg-accent"
      >
        See all
      </Link>
    </>
  );
}
