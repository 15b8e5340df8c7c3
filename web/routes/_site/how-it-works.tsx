import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../components/page";
import { pageHead } from "../../lib/head";

export const Route = createFileRoute("/_site/how-it-works")({
  head: pageHead("How It Works"),
  component: () => (
    <div className="mx-auto max-w-5xl px-4 py-16">
      <PageHeader title="How It Works" description="From sign-up to a shipped project in four steps." />
    </div>
  ),
});
