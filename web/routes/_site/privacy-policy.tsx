import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../components/page";
import { pageHead } from "../../lib/head";

export const Route = createFileRoute("/_site/privacy-policy")({
  head: pageHead("Privacy Policy"),
  component: () => (
    <div className="mx-auto max-w-5xl px-4 py-16">
      <PageHeader title="Privacy Policy" description="How Crewboard handles your data." />
    </div>
  ),
});
