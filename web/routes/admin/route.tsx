import { createFileRoute, notFound, Outlet } from "@tanstack/react-router";
import { Footer } from "@web/components/footer";
import { MemberActions } from "@web/components/member-actions";
import { TopBar } from "@web/components/top-bar";
import { loadData } from "@web/lib/data";
import { DataProvider } from "@web/lib/data-provider";
import { useMe } from "@web/lib/session";

/**
 * The moderation desk. To anyone but an administrator (signed out included) every page under
 * /admin is the app's 404 page: the server answers the desk's procedures as ones that do not
 * exist, and this asks one before any page under it loads, so nothing here says the desk is here.
 */
export const Route = createFileRoute("/admin")({
  beforeLoad: async () => {
    const data = await loadData();
    try {
      await data.trpc.admin.reports.ensureData({ status: "open" });
    } catch (error) {
      // Loaded by loadData already; imported statically, this guard (which every page's first code
      // holds) would bring the tRPC client onto the public pages.
      const { isApiError } = await import("@web/lib/trpc");
      if (isApiError(error) && error.data?.code === "NOT_FOUND") throw notFound();
      throw error;
    }
    return data;
  },
  component: () => (
    <DataProvider>
      <Desk />
    </DataProvider>
  ),
});

function Desk() {
  const me = useMe();
  return (
    <div className="flex min-h-screen flex-col">
      <TopBar me={me} memberActions={me && <MemberActions me={me} />} />
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 pb-8 pt-24">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
