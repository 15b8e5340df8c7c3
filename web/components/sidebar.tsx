import { Link } from "@tanstack/react-router";
import { FolderKanban, Home, LayoutGrid, UserPlus, Users, UserSearch } from "lucide-react";
import { useRef, useState } from "react";
import { createPortal } from "react-dom";
import { cn } from "../lib/cn";
import { trpc } from "../lib/trpc";
import { useIncomingCount } from "./friends/queries";

const ITEMS = [
  { to: "/dashboard", label: "Home", icon: Home },
  { to: "/my-projects", label: "My Projects", icon: FolderKanban },
  { to: "/all-projects", label: "All Projects", icon: LayoutGrid },
  { to: "/people", label: "People", icon: UserSearch },
  { to: "/friends", label: "Friends", icon: Users },
  { to: "/requests", label: "Requests", icon: UserPlus },
] as const;

type Counts = Partial<Record<(typeof ITEMS)[number]["to"], { count: number; noun: string; testId: string }>>;

/**
 * What waits for the member, by sidebar item: join requests on their projects, unread messages
 * over every chat that is not muted, and friend requests to answer. The member's room keeps the
 * last two live; join requests are read again when the window regains focus.
 */
function useCounts(): Counts {
  const joinRequests = trpc.projects.myStats.useQuery(undefined, { refetchOnWindowFocus: true }).data?.waiting ?? 0;
  const unread = trpc.chats.summary.useQuery(undefined, { refetchOnWindowFocus: true }).data?.unread ?? 0;
  const incoming = useIncomingCount().data ?? 0;
  return {
    "/my-projects": { count: joinRequests, noun: "waiting to join", testId: "join-requests-waiting" },
    "/friends": { count: unread, noun: "unread", testId: "friends-unread" },
    "/requests": { count: incoming, noun: "waiting", testId: "requests-waiting" },
  };
}

/** The count on an item, read out with its label. */
function CountBadge({ count, testId, className }: { count: number; testId: string; className?: string }) {
  if (count === 0) return null;
  return (
    <span
      className={cn(
        "inline-flex min-w-5 items-center justify-center rounded-full bg-destructive px-1.5 text-[11px] font-semibold leading-5 text-white",
        className,
      )}
      data-testid={testId}
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}

const labelWithCount = (label: string, counted: Counts[keyof Counts]) =>
  counted?.count ? `${label}, ${counted.count} ${counted.noun}` : label;

/** The label of the item the keyboard has focused, and where it shows. */
interface Tip {
  label: string;
  top: number;
  left: number;
}

/**
 * Icons only; widens to show labels while the pointer is over it. Keyboard users tab through the
 * icons and get each label as a tooltip beside the focused icon, which is what the collapsed
 * state's tooltips are for: a pointer already sees the labels. The sidebar is fixed, so the icon's
 * place when focused is its place while the tip shows; the tip is drawn over the page, outside the
 * narrow sidebar that would clip it. No tooltip library: every signed-in page would load one (and
 * its positioning engine) for a label that only ever shows in one place.
 */
export function Sidebar() {
  const [expanded, setExpanded] = useState(false);
  const [tip, setTip] = useState<Tip | null>(null);
  const pressed = useRef(false);
  const counts = useCounts();
  return (
    <aside
      aria-label="Sidebar"
      data-expanded={expanded}
      onMouseEnter={() => setExpanded(true)}
      onMouseLeave={() => setExpanded(false)}
      className={cn(
        "fixed bottom-0 left-0 top-16 z-30 hidden flex-col gap-1 overflow-hidden border-r bg-background p-2 transition-[width] duration-200 md:flex",
        expanded ? "w-56 shadow-lg" : "w-16",
      )}
    >
      <nav aria-label="App" className="flex flex-col gap-1">
        {ITEMS.map(({ to, label, icon: Icon }) => (
          <Link
            key={to}
            to={to}
            onPointerDown={() => (pressed.current = true)}
            onFocus={(event) => {
              // Focus that follows a click is the pointer's, not the keyboard's.
              if (!pressed.current) {
                const icon = event.currentTarget.getBoundingClientRect();
                setTip({ label, top: icon.top + icon.height / 2, left: icon.right + 8 });
              }
              pressed.current = false;
            }}
            onBlur={() => setTip(null)}
            onKeyDown={(event) => event.key === "Escape" && setTip(null)}
            aria-label={labelWithCount(label, counts[to])}
            className="relative flex h-11 items-center gap-3 rounded-md px-3 text-muted-foreground outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring data-[status=active]:bg-primary data-[status=active]:text-primary-foreground"
          >
            <Icon className="size-5 shrink-0" aria-hidden />
            <span className={cn("whitespace-nowrap text-sm font-medium", !expanded && "sr-only")}>{label}</span>
            {counts[to] && <CountBadge {...counts[to]} className={expanded ? "ml-auto" : "absolute top-1 right-1"} />}
          </Link>
        ))}
      </nav>
      {tip &&
        !expanded &&
        createPortal(
          <span
            role="tooltip"
            style={{ top: tip.top, left: tip.left }}
            className="pointer-events-none fixed z-50 -translate-y-1/2 whitespace-nowrap rounded-md bg-foreground px-2 py-1 text-xs text-background shadow"
          >
            {tip.label}
          </span>,
          document.body,
        )}
    </aside>
  );
}

/** The same destinations as a bar along the bottom on narrow screens, where there is no sidebar. */
export function MobileNav() {
  const counts = useCounts();
  return (
    <nav aria-label="App" className="fixed inset-x-0 bottom-0 z-30 flex border-t bg-background md:hidden">
      {ITEMS.map(({ to, label, icon: Icon }) => (
        <Link
          key={to}
          to={to}
          aria-label={counts[to]?.count ? labelWithCount(label, counts[to]) : undefined}
          // Six equal slots on a phone: a two-word label takes two short lines rather than a wider slot.
          className="relative flex min-w-0 flex-1 basis-0 flex-col items-center gap-0.5 px-0.5 py-2 text-center text-[11px] leading-3 text-muted-foreground data-[status=active]:text-primary"
        >
          <Icon className="size-5" aria-hidden />
          {label}
          {counts[to] && <CountBadge {...counts[to]} className="absolute top-1 left-1/2 ml-1" />}
        </Link>
      ))}
    </nav>
  );
}
