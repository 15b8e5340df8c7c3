import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";

/** Every protected route sits under this guard; it needs the session check to finish first. */
export const Route = createFileRoute("/_authed")({
  beforeLoad: async ({ context }) => {
    const me = await context.trpc.auth.me.ensureData();
    if (!me) throw redirect({ to: "/auth", search: { reset: true }, replace: true });
    return { me };
  },
  // Only a session check that is actually slow shows 'Loading...'; a cached one never flashes it.
  pendingMs: 100,
  pendingMinMs: 300,
  pendingComponent: () => (
    <div role="status" className="flex min-h-screen items-center justify-center text-muted-foreground">
      Loading...
    </div>
  ),
  component: Outlet,
});
