import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../components/page";
import { pageHead } from "../../lib/head";

export const Route = createFileRoute("/_site/terms")({
  head: pageHead("Terms of Service"),
  component: () => (
    <div className="mx-auto max-w-5xl px-4 py-16">
      <PageHeader title="Terms of Service" description="The agreement between you and Crewboard." />
    </div>
  ),
});
