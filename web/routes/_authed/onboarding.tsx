import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../components/page";
import { pageHead } from "../../lib/head";

export const Route = createFileRoute("/_authed/onboarding")({
  head: pageHead("Complete your profile"),
  component: () => <PageHeader title="Complete your profile" description="Four quick steps to set up your profile." />,
});
