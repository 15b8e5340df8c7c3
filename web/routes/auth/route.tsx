import { createFileRoute, Outlet } from "@tanstack/react-router";
import { loadData } from "@web/lib/data";
import { DataProvider } from "@web/lib/data-provider";

/** The auth pages call the API, so they bring the query cache and tRPC client the public pages leave out. */
export const Route = createFileRoute("/auth")({
  beforeLoad: loadData,
  component: () => (
    <DataProvider>
      <Outlet />
    </DataProvider>
  ),
});
