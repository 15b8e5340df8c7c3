import * as Tooltip from "@radix-ui/react-tooltip";
import { Link } from "@tanstack/react-router";
import { FolderKanban, Home, LayoutGrid, UserPlus, Users } from "lucide-react";
import { useState } from "react";
import { cn } from "../lib/cn";

const ITEMS = [
  { to: "/dashboard", label: "Home", icon: Home },
  { to: "/my-projects", label: "My Projects", icon: FolderKanban },
  { to: "/all-projects", label: "All Projects", icon: LayoutGrid },
  { to: "/friends", label: "Friends", icon: Users },
  { to: "/requests", label: "Requests", icon: UserPlus },
] as const;

/**
 * Icons only; widens to show labels while the pointer is over it. Keyboard users tab through the
 * icons and get each label as a tooltip, which is what the collapsed state's tooltips are for.
 */
export function Sidebar() {
  const [expanded, setExpanded] = useState(false);
  return (
    <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
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
            <Tooltip.Root key={to} open={expanded ? false : undefined}>
              <Tooltip.Trigger asChild>
                <Link
                  to={to}
                  aria-label={label}
                  className="flex h-11 items-center gap-3 rounded-md px-3 text-muted-foreground outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring data-[status=active]:bg-primary data-[status=active]:text-primary-foreground"
                >
                  <Icon className="size-5 shrink-0" aria-hidden />
                  <span className={cn("whitespace-nowrap text-sm font-medium", !expanded && "sr-only")}>{label}</span>
                </Link>
              </Tooltip.Trigger>
              <Tooltip.Portal>
                <Tooltip.Content
                  side="right"
                  sideOffset={8}
                  className="z-50 rounded-md bg-foreground px-2 py-1 text-xs text-background shadow"
                >
                  {label}
                </Tooltip.Content>
              </Tooltip.Portal>
            </Tooltip.Root>
          ))}
        </nav>
      </aside>
    </Tooltip.Provider>
  );
}

/** The same destinations as a bar along the bottom on narrow screens, where there is no sidebar. */
export function MobileNav() {
  return (
    <nav aria-label="App" className="fixed inset-x-0 bottom-0 z-30 flex border-t bg-background md:hidden">
      {ITEMS.map(({ to, label, icon: Icon }) => (
        <Link
          key={to}
          to={to}
          className="flex flex-1 flex-col items-center gap-0.5 py-2 text-[11px] text-muted-foreground data-[status=active]:text-primary"
        >
          <Icon className="size-5" aria-hidden />
          {label}
        </Link>
      ))}
    </nav>
  );
}
