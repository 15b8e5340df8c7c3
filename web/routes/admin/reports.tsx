import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { Inbox } from "lucide-react";
import { REPORT_STATUSES, type ReportStatus } from "@core/enums";
import { EmptyState } from "@web/components/empty-state";
import { PageHeader } from "@web/components/page";
import { Button } from "@web/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { pageHead } from "@web/lib/head";
import { oneOf } from "@web/lib/search";
import { trpc } from "@web/lib/trpc";
import { AuditLog } from "./-components/audit-log";
import { ReportCard } from "./-components/report-card";

const TABS = [
  ["open", "Open"],
  ["actioned", "Acted on"],
  ["dismissed", "Dismissed"],
] as const;

export const Route = createFileRoute("/admin/reports")({
  head: pageHead("Moderation desk"),
  validateSearch: (search): { status: ReportStatus } => ({ status: oneOf(REPORT_STATUSES, search.status) ?? "open" }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.trpc.admin.reports.prefetchInfinite({ status: deps.status }),
  component: Reports,
});

function ReportList({ status }: { status: ReportStatus }) {
  const reports = trpc.admin.reports.useInfiniteQuery({ status }, { getNextPageParam: (page) => page.nextCursor });
  if (reports.isPending) {
    return (
      <div className="grid gap-4" role="status" aria-label="Loading reports">
        {[0, 1].map((i) => (
          <div key={i} className="h-56 animate-pulse rounded-xl bg-muted" />
        ))}
      </div>
    );
  }
  if (reports.isError) return <p className="text-sm text-destructive">Failed to load reports</p>;
  const items = reports.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<Inbox />}
        title={status === "open" ? "No open reports" : "Nothing here yet"}
        description={status === "open" ? "Reports members send show here, newest first." : undefined}
      />
    );
  }
  return (
    <div className="grid gap-4 *:min-w-0">
      <ul className="grid gap-4 *:min-w-0" aria-label="Reports">
        {items.map((report) => (
          <li key={report.id}>
            <ReportCard report={report} />
          </li>
        ))}
      </ul>
      {reports.hasNextPage && (
        <div>
          <Button variant="outline" disabled={reports.isFetchingNextPage} onClick={() => void reports.fetchNextPage()}>
            {reports.isFetchingNextPage ? "Loading..." : "Show more"}
          </Button>
        </div>
      )}
    </div>
  );
}

/** The moderation desk: reports by status, newest first, and the log of every action taken. */
function Reports() {
  const { status } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <div>
      <PageHeader title="Moderation desk" description="Reports from members, and everything done about them." />
      <section aria-labelledby="reports-heading">
        <h2 id="reports-heading" className="sr-only">
          Reports
        </h2>
        <Tabs
          value={status}
          onValueChange={(value) => void navigate({ search: { status: oneOf(REPORT_STATUSES, value) ?? "open" } })}
        >
          <TabsList aria-label="Reports by status">
            {TABS.map(([value, label]) => (
              <TabsTrigger key={value} value={value}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map(([value]) => (
            <TabsContent key={value} value={value}>
              <ReportList status={value} />
            </TabsContent>
          ))}
        </Tabs>
      </section>
      <AuditLog />
    </div>
  );
}
