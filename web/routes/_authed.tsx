import { createFileRoute, Outlet, redirect, useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { loadData } from "../lib/data";
import { DataProvider } from "../lib/data-provider";
import { useMemberRoom } from "../lib/member-room";
import { useMe } from "../lib/session";

/** Every protected route sits under this guard; it needs the session check to finish first. */
export const Route = createFileRoute("/_authed")({
  beforeLoad: async () => {
    const data = await loadData();
    const me = await data.trpc.auth.me.ensureData();
    if (!me) throw redirect({ to: "/auth", search: { reset: true }, replace: true });
    return { me, ...data };
  },
  // Only a session check that is actually slow shows 'Loading...'; a cached one never flashes it.
  pendingMs: 100,
  pendingMinMs: 300,
  pendingComponent: () => (
    <div role="status" className="flex min-h-screen items-center justify-center text-muted-foreground">
      Loading...
    </div>
  ),
  component: () => (
    <DataProvider>
      <Guarded />
    </DataProvider>
  ),
});

/** Leaves the signed-in area as soon as the session is found gone, not only at the next navigation. */
function Guarded() {
  const me = useMe();
  const navigate = useNavigate();
  useEffect(() => {
    if (me === null) void navigate({ to: "/auth", search: { reset: true }, replace: true });
  }, [me, navigate]);
  return me ? <Live userId={me.id} /> : <Outlet />;
}

/** Signed-in pages stay live through the member's own room. */
function Live({ userId }: { userId: string }) {
  useMemberRoom(userId);
  return <Outlet />;
}
