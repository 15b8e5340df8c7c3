import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/page";
import { pageHead } from "../../../lib/head";

export const Route = createFileRoute("/_authed/_shell/requests")({
  head: pageHead("Friend Requests"),
  component: () => <PageHeader title="Friend Requests" description="Requests you have received and sent." />,
});
