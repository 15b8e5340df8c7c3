import { MODERATION_ACTION_LABELS } from "@core/safety-rules";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { trpc } from "@web/lib/trpc";
import { when } from "./report-card";

/** Every action taken at the desk, newest first: who, what, about whom, when and why. */
export function AuditLog() {
  const log = trpc.admin.auditLog.useInfiniteQuery({}, { getNextPageParam: (page) => page.nextCursor });
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="audit-log" className="mt-10 grid gap-4 *:min-w-0">
      <div>
        <h2 id="audit-log" className="text-xl font-semibold">
          Audit log
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">Every action taken here, newest first.</p>
      </div>
      <Card className="grid gap-4 p-4 *:min-w-0">
        {log.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading the audit log...
          </p>
        ) : log.isError ? (
          <p className="text-sm text-destructive">Failed to load the audit log</p>
        ) : entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">No action has been taken yet.</p>
        ) : (
          <ol className="divide-y rounded-md border" aria-label="Audit log">
            {entries.map((entry) => (
              <li key={entry.id} className="grid gap-1 p-3 text-sm *:min-w-0">
                <p className="[overflow-wrap:anywhere]">
                  <span className="font-medium">{entry.adminEmail}</span> {MODERATION_ACTION_LABELS[entry.action]}{" "}
                  {entry.action === "suspend" || entry.action === "reinstate" ? "" : "about "}
                  <span className="font-medium">{entry.member.name}</span>
                </p>
                <p className="[overflow-wrap:anywhere] text-muted-foreground">
                  <time dateTime={entry.createdAt.toISOString()}>{when.format(entry.createdAt)}</time> · Why:{" "}
                  {entry.reason}
                </p>
              </li>
            ))}
          </ol>
        )}
        {log.hasNextPage && (
          <div>
            <Button variant="outline" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
              {log.isFetchingNextPage ? "Loading..." : "Show more"}
            </Button>
          </div>
        )}
      </Card>
    </section>
  );
}
