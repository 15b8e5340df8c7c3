import { createFileRoute, Outlet } from "@tanstack/react-router";
import { CompactFooter } from "@web/components/footer";
import { MemberActions } from "@web/components/member-actions";
import { MobileNav, Sidebar } from "@web/components/sidebar";
import { TopBar } from "@web/components/top-bar";
import { useMe } from "@web/lib/session";

/** The common signed-in layout: top bar, collapsible sidebar, a one-line footer. */
export const Route = createFileRoute("/_authed/_shell")({
  // The badges of the top bar and the sidebar travel in the page's first batch, not in a second one once they render.
  loader: ({ context }) => {
    void context.trpc.chats.summary.prefetch();
    void context.trpc.notifications.unreadCount.prefetch();
    void context.trpc.friends.incomingCount.prefetch();
    void context.trpc.projects.myStats.prefetch();
  },
  component: Shell,
});

function Shell() {
  const me = useMe();
  return (
    <div className="min-h-screen">
      <TopBar me={me} memberActions={me && <MemberActions me={me} />} />
      <Sidebar />
      <div className="flex min-h-screen flex-col pb-16 pt-16 md:pb-0 md:pl-16">
        <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8">
          <Outlet />
        </main>
        <CompactFooter />
      </div>
      <MobileNav />
    </div>
  );
}
