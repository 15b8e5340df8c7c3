import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/page";
import { pageHead } from "../../../lib/head";

export const Route = createFileRoute("/_authed/_shell/my-projects")({
  head: pageHead("My Projects"),
  component: () => <PageHeader title="My Projects" description="Projects you own." />,
});
