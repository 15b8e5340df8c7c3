import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/page";
import { pageHead } from "../../../lib/head";
import { displayNameOf } from "../../../lib/session";

export const Route = createFileRoute("/_authed/_shell/dashboard")({
  head: pageHead("Dashboard"),
  component: Dashboard,
});

function Dashboard() {
  const { me } = Route.useRouteContext();
  return <PageHeader title="Dashboard" description={`Welcome back, ${displayNameOf(me)}.`} />;
}
