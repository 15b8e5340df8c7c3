import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../components/page";
import { pageHead } from "../../lib/head";

export const Route = createFileRoute("/_site/payment-success")({
  head: pageHead("Payment Successful!"),
  component: () => (
    <div className="mx-auto max-w-5xl px-4 py-16">
      <PageHeader title="Payment Successful!" description="Thank you for upgrading to Crewboard Pro." />
    </div>
  ),
});
