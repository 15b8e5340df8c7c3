import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../components/page";
import { pageHead } from "../../lib/head";

export const Route = createFileRoute("/_site/help-center")({
  head: pageHead("Help Center"),
  component: () => (
    <div className="mx-auto max-w-5xl px-4 py-16">
      <PageHeader title="Help Center" description="Guides and answers for Crewboard members." />
    </div>
  ),
});
