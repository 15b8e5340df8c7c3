import { createFileRoute, Outlet, redirect, useNavigate, useRouter } from "@tanstack/react-router";
import { lazy, useDeferredValue, useEffect } from "react";
import { AfterPaint } from "../components/after-paint";
import { KeyboardShortcuts } from "../components/keyboard/keyboard-shortcuts";
import { PendingOutline } from "../components/shell-outline";
import { loadData } from "../lib/data";
import { DataProvider } from "../lib/data-provider";
import { useMemberRoom } from "../lib/member-room";
import { useMe } from "../lib/session";

/**
 * Every protected route sits under this guard. The session check is asked for in beforeLoad but
 * awaited in the loader: the pages' loaders run once every beforeLoad has returned, so a page's data
 * travels in the same batch as the check instead of one round trip after it.
 */
export const Route = createFileRoute("/_authed")({
  beforeLoad: async () => {
    // The tickets' helpers come beside the area's data code, not in the entry every public page loads.
    const [data, { askMemberTicketAhead }] = await Promise.all([loadData(), import("../lib/tickets-ahead")]);
    const session = data.trpc.auth.me.ensureData();
    // Reported by the loader, which awaits it; a preload that ends before it must not leave it unhandled.
    session.catch(() => undefined);
    askMemberTicketAhead(() => data.client.chats.memberTicket.query());
    return { session, ...data };
  },
  loader: async ({ context, location }) => {
    const me = await context.session;
    // The page asked for comes back after signing in (the sign-in page accepts only this site's paths).
    if (!me) throw redirect({ to: "/auth", search: { reset: true, redirect: location.href }, replace: true });
    return { me };
  },
  // The outlines travel with the area's own code, not in the entry every public page loads.
  codeSplitGroupings: [["component", "pendingComponent"]],
  // Only an answer that is actually slow shows 'Loading...': one from a database across the world
  // (a few round trips of 25-50 ms each) comes within half a second and goes straight to the page.
  // Once shown, the outline stays just long enough not to flash, not a moment past the data.
  pendingMs: 500,
  pendingMinMs: 100,
  pendingComponent: PendingOutline,
  component: () => (
    <InTheBackground>
      <DataProvider>
        <Guarded />
      </DataProvider>
    </InTheBackground>
  ),
});

/**
 * The signed-in area's first render is the app's heaviest: the router commits it as one urgent
 * update, which would hold the main thread for its whole length. The outline stays up one render
 * longer while React builds the real tree in the background, yielding to the browser every few
 * milliseconds, so taps and scrolls are answered meanwhile.
 */
function InTheBackground({ children }: { children: React.ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : <PendingOutline />;
}

/** Leaves the signed-in area as soon as the session is found gone, not only at the next navigation. */
function Guarded() {
  const me = useMe();
  const navigate = useNavigate();
  const router = useRouter();
  useEffect(() => {
    // Read when the session is found gone, not a dependency: the way to /auth changes the location too.
    const { href, pathname, search } = router.state.location;
    // Only while the router is at one of its pages. Signing out has already left for the landing page,
    // and the signed-in page may still be on screen for a moment after its address has changed.
    const guarding = router.matchRoutes(pathname, search).some((match) => match.routeId === Route.id);
    if (me === null && guarding) void navigate({ to: "/auth", search: { reset: true, redirect: href }, replace: true });
  }, [me, navigate, router]);
  return me ? <Live userId={me.id} /> : <Outlet />;
}

/** Incoming calls and the call in progress, over any signed-in page (its code comes after the first paint). */
const CallLayer = lazy(() => import("../components/calls/call-layer"));

/**
 * Signed-in pages stay live through the member's own room, which also rings them for calls; Ctrl/⌘K
 * and `?` work on every one of them.
 */
function Live({ userId }: { userId: string }) {
  useMemberRoom(userId);
  return (
    <>
      <Outlet />
      <KeyboardShortcuts />
      <AfterPaint>
        <CallLayer myId={userId} />
      </AfterPaint>
    </>
  );
}
