import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/page";
import { pageHead } from "../../../lib/head";

export const Route = createFileRoute("/_authed/_shell/settings")({
  head: pageHead("Settings"),
  component: () => <PageHeader title="Settings" description="Your profile and preferences." />,
});
