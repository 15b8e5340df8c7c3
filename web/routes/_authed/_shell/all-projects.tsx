import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/page";
import { pageHead } from "../../../lib/head";

export const Route = createFileRoute("/_authed/_shell/all-projects")({
  head: pageHead("All Projects"),
  component: () => <PageHeader title="All Projects" description="Browse every project on Crewboard." />,
});
