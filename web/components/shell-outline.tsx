import { useLocation, useRouter, type StaticDataRouteOption } from "@tanstack/react-router";
import { Brand } from "./brand";
import { ChatOutline } from "./chat-outline";
import { PageHeader, type PageHeading } from "./page";

/**
 * The signed-in layout's frame while the session check is still out: the top bar, the sidebar and
 * the bottom bar where they will be, and the page's heading where the page will put it, so the first
 * load shows the app taking shape rather than a bare page of text. The status line is the spec's
 * 'Loading...'. The build renders it into the pages it knows the heading of (web/prerender.tsx), so
 * those show it before any script has run.
 */
export function ShellOutline({ heading }: { heading?: PageHeading }) {
  return (
    <div className="min-h-screen">
      <header className="fixed inset-x-0 top-0 z-40 h-16 border-b bg-background">
        <div className="mx-auto flex h-full max-w-7xl items-center px-4">
          <Brand />
        </div>
      </header>
      <div className="fixed bottom-0 left-0 top-16 hidden w-16 flex-col gap-1 border-r p-2 md:flex" aria-hidden>
        {Array.from({ length: 6 }, (_, i) => (
          <span key={i} className="h-11 animate-pulse rounded-md bg-muted" />
        ))}
      </div>
      {/* The shell's own frame (routes/_authed/_shell.tsx), so the heading does not move when the page comes. */}
      <div className="flex min-h-screen flex-col pb-16 pt-16 md:pb-0 md:pl-16">
        <main className="mx-auto grid w-full max-w-7xl flex-1 content-start gap-4 px-4 py-8">
          {heading && <PageHeader {...heading} />}
          <p role="status" className="text-muted-foreground">
            Loading...
          </p>
          <span className="h-9 w-56 animate-pulse rounded-md bg-muted" aria-hidden />
          <span className="h-40 animate-pulse rounded-xl bg-muted" aria-hidden />
        </main>
      </div>
      <div className="fixed inset-x-0 bottom-0 h-16 border-t bg-background md:hidden" aria-hidden />
    </div>
  );
}

/** The heading of the deepest matched route that declares one (`staticData.heading`). */
export const headingOf = (matches: Matches) => matches.map((match) => match.staticData.heading).findLast(Boolean);

type Matches = { staticData: StaticDataRouteOption }[];

/** Whether the page is a chat, outside the common layout. */
export const isChat = (matches: Matches) => matches.some((match) => match.staticData.outline === "chat");

/** A page's outline: the chat's own frame, or the common layout headed as the page will be. */
export function Outline({ matches }: { matches: Matches }) {
  if (isChat(matches)) return <ChatOutline />;
  return <ShellOutline heading={headingOf(matches)} />;
}

/** The outline of the page being opened. */
export function PendingOutline() {
  const router = useRouter();
  const location = useLocation();
  return <Outline matches={router.matchRoutes(location)} />;
}
