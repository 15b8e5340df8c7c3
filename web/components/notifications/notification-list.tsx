import { useRouter } from "@tanstack/react-router";
import { Crown } from "lucide-react";
import type { MouseEvent } from "react";
import { cn } from "@web/lib/cn";
import { relativeTime } from "@web/lib/relative-time";
import { Avatar } from "../avatar";
import { useMarkRead, type Notification } from "./queries";

/** A click the browser should handle itself: a new tab, a new window, a download. */
const handledByBrowser = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * One notification: who, what happened, when, and a dot while it is unread. Opening it marks it
 * read and goes to what it is about; it is a real link, so it also opens in a new tab.
 */
function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen?: () => void }) {
  const router = useRouter();
  const markRead = useMarkRead();
  const { actor, text, read, url, createdAt } = notification;

  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!read) markRead.mutate({ id: notification.id });
    onOpen?.();
    if (handledByBrowser(event)) return;
    event.preventDefault();
    void router.navigate({ href: url });
  };

  return (
    <a
      href={url}
      onClick={open}
      className={cn(
        "flex items-start gap-3 px-4 py-3 outline-none transition-colors hover:bg-accent focus-visible:bg-accent",
        !read && "bg-primary/5",
      )}
    >
      {actor ? (
        <Avatar name={actor.name} url={actor.avatarUrl} className="size-10" />
      ) : (
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-700 dark:bg-amber-950 dark:text-amber-300">
          <Crown className="size-5" aria-hidden />
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className="block text-sm break-words">
          {actor && <span className="font-semibold">{actor.name} </span>}
          {text}
        </span>
        <time dateTime={createdAt.toISOString()} className="mt-0.5 block text-xs text-muted-foreground">
          {relativeTime(createdAt)}
        </time>
      </span>
      {!read && (
        <span className="mt-1.5 flex shrink-0 items-center">
          <span className="size-2.5 rounded-full bg-primary" aria-hidden />
          <span className="sr-only">Unread</span>
        </span>
      )}
    </a>
  );
}

/** Newest first, each opening its subject. */
export function NotificationList({
  items,
  onOpen,
  className,
}: {
  items: Notification[];
  onOpen?: () => void;
  className?: string;
}) {
  return (
    <ul aria-label="Notifications" className={cn("divide-y", className)}>
      {items.map((notification) => (
        <li key={notification.id}>
          <NotificationItem notification={notification} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}

/** Rows shaped like notifications while the first page loads. */
export function NotificationsLoading({ rows = 3 }: { rows?: number }) {
  return (
    <div role="status" aria-label="Loading notifications" className="grid gap-3 p-4">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-3">
          <span className="size-10 shrink-0 animate-pulse rounded-full bg-muted" />
          <span className="h-4 flex-1 animate-pulse rounded bg-muted" />
        </div>
      ))}
    </div>
  );
}
