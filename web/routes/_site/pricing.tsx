import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../components/page";
import { pageHead } from "../../lib/head";

export const Route = createFileRoute("/_site/pricing")({
  head: pageHead("Pricing"),
  component: () => (
    <div className="mx-auto max-w-5xl px-4 py-16">
      <PageHeader title="Pricing" description="Start free. Upgrade once, keep Pro for life." />
    </div>
  ),
});
