import { Link, useLocation } from "@tanstack/react-router";
import { Menu, X } from "lucide-react";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import type { Me } from "../lib/types";
import { cn } from "../lib/cn";
import { AfterPaint } from "./after-paint";
import { Brand } from "./brand";
import { ThemeSwitcher } from "./theme-switcher";
import { Button } from "./ui/button";

// Only members see them, so visitors of the public pages never download their code.
const MemberActions = lazy(() => import("./member-actions").then(({ MemberActions }) => ({ default: MemberActions })));
const SessionWatcher = lazy(() => import("./session-watcher"));

const LINKS = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/pricing", label: "Pricing" },
] as const;

function GuestActions() {
  return (
    <>
      <Button variant="ghost" asChild>
        <Link to="/auth" search={{ reset: true }}>
          Sign In
        </Link>
      </Button>
      <Button asChild>
        <Link to="/auth" search={{ reset: true, tab: "signup" }}>
          Get Started
        </Link>
      </Button>
    </>
  );
}

/**
 * Fixed along the top of every page; below 768 px its links fold into a hamburger menu. The
 * signed-in layouts pass the member and their part of the bar (`<MemberActions>`, in their own
 * code); on public pages the bar asks who is signed in itself and fetches that part for a member.
 */
export function TopBar({ me: given, memberActions }: { me?: Me | null; memberActions?: ReactNode }) {
  const [watched, setWatched] = useState<Me | null | undefined>(undefined);
  const me = given === undefined ? watched : given;
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on: following one of its links closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const mobileOpen = openOn === pathname;
  const setMobileOpen = (open: boolean) => setOpenOn(open ? pathname : null);

  useEffect(() => {
    if (!mobileOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => event.key === "Escape" && setOpenOn(null);
    window.addEventListener("keydown", closeOnEscape);
    return () => window.removeEventListener("keydown", closeOnEscape);
  }, [mobileOpen]);

  return (
    <header className="fixed inset-x-0 top-0 z-40 h-16 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      {given === undefined && (
        <AfterPaint>
          <SessionWatcher onChange={setWatched} />
        </AfterPaint>
      )}
      <a
        href="#main"
        className="sr-only rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50"
      >
        Skip to content
      </a>
      {/* A phone holds the brand and four 44 px buttons only with the gaps closed up. */}
      <div className="mx-auto flex h-full max-w-7xl items-center gap-2 px-4 sm:gap-6">
        <Brand />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {LINKS.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              activeOptions={{ exact: true }}
              className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground data-[status=active]:text-foreground"
            >
              {link.label}
            </Link>
          ))}
        </nav>
        <div className="ml-auto flex items-center sm:gap-2">
          <ThemeSwitcher />
          {me ? (
            (memberActions ?? (
              <Suspense>
                <MemberActions me={me} />
              </Suspense>
            ))
          ) : (
            // Held in place, unseen, while the session check is out: the theme button beside it
            // stays where it is when a visitor's Sign In and Get Started appear.
            <div className={cn("hidden gap-2 md:flex", me === undefined && "invisible")}>
              <GuestActions />
            </div>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={mobileOpen ? "Close menu" : "Open menu"}
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            onClick={() => setMobileOpen(!mobileOpen)}
          >
            {mobileOpen ? <X /> : <Menu />}
          </Button>
        </div>
      </div>
      {mobileOpen && (
        <nav id="mobile-menu" aria-label="Mobile" className="border-b bg-background px-4 pb-4 pt-2 shadow-lg md:hidden">
          <div className="flex flex-col gap-1">
            {LINKS.map((link) => (
              <Link
                key={link.to}
                to={link.to}
                activeOptions={{ exact: true }}
                className="rounded-md px-3 py-2.5 text-sm font-medium hover:bg-accent data-[status=active]:bg-accent data-[status=active]:text-accent-foreground"
              >
                {link.label}
              </Link>
            ))}
            {me && (
              <Link
                to="/dashboard"
                className="rounded-md px-3 py-2.5 text-sm font-medium hover:bg-accent data-[status=active]:bg-accent data-[status=active]:text-accent-foreground"
              >
                Dashboard
              </Link>
            )}
            {me === null && (
              <div className="mt-2 grid grid-cols-2 gap-2 border-t pt-3">
                <GuestActions />
              </div>
            )}
          </div>
        </nav>
      )}
    </header>
  );
}
