import { Link } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { buttonVariants } from "./ui/button";

/**
 * A chat's frame while the session and the chat are on their way: the way back, where the chat's
 * picture and name will be, 'Loading chat...' where its messages will be, and the composer's place.
 * The same size as the chat page's own header and composer, and in the same frame, so nothing moves
 * when it comes. The build renders it into the page every chat's address is served
 * (web/prerender.tsx).
 */
export function ChatOutline() {
  return (
    <ChatFrame>
      <ChatBar>
        <span className="hidden size-10 shrink-0 animate-pulse rounded-full bg-muted sm:block" aria-hidden />
        <span className="grid min-w-0 flex-1 gap-1.5" aria-hidden>
          <span className="h-4 w-36 animate-pulse rounded bg-muted" />
          <span className="h-3 w-16 animate-pulse rounded bg-muted" />
        </span>
      </ChatBar>
      <main className="flex min-h-0 flex-1 flex-col">
        <p role="status" className="flex flex-1 items-center justify-center text-sm text-muted-foreground">
          Loading chat...
        </p>
        <div className="border-t bg-background px-3 py-3 sm:px-6" aria-hidden>
          <div className="mx-auto flex max-w-3xl items-end gap-2">
            <span className="h-10 flex-1 rounded-md border border-input" />
            <span className="size-11 rounded-md bg-muted md:size-10" />
          </div>
        </div>
      </main>
    </ChatFrame>
  );
}

/**
 * The chat page's frame: on a wide screen the member's chats on the left (`pane`, or their outline
 * until it is given), the chat on the right (`children`); a phone shows the chat alone.
 */
export function ChatFrame({ pane, children }: { pane?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex h-dvh">
      <aside aria-label="Your chats" className="hidden w-80 shrink-0 flex-col border-r lg:flex">
        {pane ?? (
          <div className="grid gap-2 p-3" aria-hidden>
            {Array.from({ length: 4 }, (_, i) => (
              <span key={i} className="h-14 animate-pulse rounded-md bg-muted" />
            ))}
          </div>
        )}
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">{children}</div>
    </div>
  );
}

/** The chat page's header bar (and its outline's): the way back to Friends & Chats, then `children`. */
export function ChatBar({ children }: { children: ReactNode }) {
  return (
    <header className="flex items-center gap-1 border-b bg-background px-2 py-2 sm:gap-3 sm:px-6">
      <Link
        to="/friends"
        className={buttonVariants({ variant: "ghost", size: "icon" })}
        aria-label="Back to Friends & Chats"
      >
        <ArrowLeft aria-hidden />
      </Link>
      {children}
    </header>
  );
}
