import { createFileRoute, redirect } from "@tanstack/react-router";

/** The desk opens on its reports. */
export const Route = createFileRoute("/admin/")({
  beforeLoad: () => {
    throw redirect({ to: "/admin/reports", search: { status: "open" }, replace: true });
  },
});
