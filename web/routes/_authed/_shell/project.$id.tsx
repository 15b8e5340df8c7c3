import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/page";
import { pageHead } from "../../../lib/head";

export const Route = createFileRoute("/_authed/_shell/project/$id")({
  head: pageHead("Project"),
  component: () => <PageHeader title="Project" description="Project details." />,
});
