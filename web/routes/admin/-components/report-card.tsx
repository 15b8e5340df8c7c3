import { Link } from "@tanstack/react-router";
import { Ban, FolderX, MessageSquareX, ShieldCheck, X } from "lucide-react";
import { ATTACHMENT_MARK } from "@core/attachment-rules";
import { MESSAGE_DELETED } from "@core/chat-rules";
import { REMOVED_BY_MODERATOR, REPORT_REASON_LABELS } from "@core/safety-rules";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { cn } from "@web/lib/cn";
import type { RouterOutputs } from "@web/lib/types";
import { ModerationDialog } from "./moderation-dialog";
import { useDeskActions } from "./use-desk-actions";

export type DeskReport = RouterOutputs["admin"]["reports"]["items"][number];

export const when = new Intl.DateTimeFormat(undefined, {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

const KIND_LABELS = { member: "Profile", project: "Project", message: "Message" } as const;

/** Who someone is on the desk: their name and, while the account exists, its address. */
function Person({ name, email }: { name: string; email: string | null }) {
  return (
    <span className="[overflow-wrap:anywhere]">
      <span className="font-medium text-foreground">{name}</span>
      {email && <span className="text-muted-foreground"> ({email})</span>}
    </span>
  );
}

type ContextMessage = Extract<NonNullable<DeskReport["context"]>, { kind: "message" }>["messages"][number];

/** A message around a report as the chat shows it: its words, or why they are gone, and its files by name. */
function ContextBody({ message }: { message: ContextMessage }) {
  const gone = message.deleted ? MESSAGE_DELETED : message.messageType === "removed" ? REMOVED_BY_MODERATOR : null;
  if (gone) return <p className="italic text-muted-foreground">{gone}</p>;
  return (
    <>
      {message.content && (
        <p
          className={cn(
            "whitespace-pre-line [overflow-wrap:anywhere]",
            message.messageType !== "text" && "italic text-muted-foreground",
          )}
        >
          {message.content}
        </p>
      )}
      {message.files.length > 0 && (
        <ul className="text-muted-foreground" aria-label="Files">
          {message.files.map((name, i) => (
            <li key={i} className="[overflow-wrap:anywhere]">
              {ATTACHMENT_MARK} {name}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** What was reported, as it is now, among what surrounds it; or, once gone, the words the report kept. */
function Context({ report }: { report: DeskReport }) {
  const context = report.context;
  if (!context) {
    return (
      <div className="rounded-md border border-dashed p-3 text-sm">
        <p className="text-muted-foreground">No longer there. When reported it read:</p>
        <p className="mt-1 whitespace-pre-line [overflow-wrap:anywhere]">{report.excerpt}</p>
      </div>
    );
  }
  switch (context.kind) {
    case "message":
      return (
        <div className="grid gap-2 rounded-md border p-3 text-sm *:min-w-0">
          <p className="text-xs text-muted-foreground">
            In {context.chat.isGroup ? `the group ${context.chat.title ?? ""}` : "a private chat"}
          </p>
          <ol className="grid gap-1.5 *:min-w-0" aria-label="The reported message and the ones around it">
            {context.messages.map((m) => (
              <li
                key={m.id}
                className={cn("rounded px-2 py-1", m.reported && "bg-destructive/10 ring-1 ring-destructive/40")}
                aria-current={m.reported || undefined}
              >
                <span className="font-medium">{m.senderName}</span>{" "}
                <span className="text-xs text-muted-foreground">{when.format(m.createdAt)}</span>
                <ContextBody message={m} />
              </li>
            ))}
          </ol>
        </div>
      );
    case "project":
      return (
        <div className="grid gap-1 rounded-md border p-3 text-sm *:min-w-0">
          <Link
            to="/project/$id"
            params={{ id: context.project.id }}
            className="[overflow-wrap:anywhere] font-medium hover:underline focus-visible:underline focus-visible:outline-none"
          >
            {context.project.title}
          </Link>
          <p className="text-xs text-muted-foreground">
            {context.project.category} · {context.project.status.replace("_", " ")}
          </p>
          {context.project.description && (
            <p className="whitespace-pre-line [overflow-wrap:anywhere] text-muted-foreground">
              {context.project.description}
            </p>
          )}
        </div>
      );
    case "member":
      return (
        <div className="grid gap-1 rounded-md border p-3 text-sm *:min-w-0">
          <Link
            to="/member/$id"
            params={{ id: report.member.id }}
            className="[overflow-wrap:anywhere] font-medium hover:underline focus-visible:underline focus-visible:outline-none"
          >
            {report.member.name}
          </Link>
          {context.profile.specialization && (
            <p className="text-xs text-muted-foreground">{context.profile.specialization}</p>
          )}
          <p className="whitespace-pre-line [overflow-wrap:anywhere] text-muted-foreground">
            {context.profile.bio || "No bio."}
          </p>
        </div>
      );
  }
}

/** The actions a report allows: dismiss it while open, remove what it reports, suspend or reinstate the member. */
function Actions({ report }: { report: DeskReport }) {
  const { dismiss, remove, suspend, reinstate } = useDeskActions();
  const removable = report.context !== null && report.targetKind !== "member";
  const what = report.targetKind === "message" ? "message" : "project";
  return (
    <div className="flex flex-wrap gap-2">
      {report.status === "open" && (
        <ModerationDialog
          trigger={
            <Button variant="outline" size="sm">
              <X aria-hidden />
              Dismiss
            </Button>
          }
          title="Dismiss this report?"
          description="Nothing is changed for the member. The report moves to Dismissed."
          confirm="Dismiss"
          run={(reason) => dismiss.mutateAsync({ reportId: report.id, reason })}
        />
      )}
      {removable && (
        <ModerationDialog
          trigger={
            <Button variant="destructiveOutline" size="sm">
              {report.targetKind === "message" ? <MessageSquareX aria-hidden /> : <FolderX aria-hidden />}
              Remove {what}
            </Button>
          }
          title={`Remove this ${what}?`}
          description={
            report.targetKind === "message"
              ? `Its words are deleted; the chat shows '${REMOVED_BY_MODERATOR}' in its place.`
              : "The project is deleted with its join requests. This cannot be undone."
          }
          confirm={`Remove ${what}`}
          destructive
          run={(reason) => remove.mutateAsync({ reportId: report.id, reason })}
        />
      )}
      {report.member.email !== null &&
        (report.member.suspended ? (
          <ModerationDialog
            trigger={
              <Button variant="outline" size="sm">
                <ShieldCheck aria-hidden />
                Reinstate member
              </Button>
            }
            title={`Reinstate ${report.member.name}?`}
            description="They can sign in again, and their projects return to the lists."
            confirm="Reinstate"
            run={(reason) => reinstate.mutateAsync({ memberId: report.member.id, reason })}
          />
        ) : (
          <ModerationDialog
            trigger={
              <Button variant="destructiveOutline" size="sm">
                <Ban aria-hidden />
                Suspend member
              </Button>
            }
            title={`Suspend ${report.member.name}?`}
            description="Every session of theirs ends at once, signing in tells them the account is suspended, and their projects leave every list. Their open reports are settled."
            confirm="Suspend"
            destructive
            run={(reason) => suspend.mutateAsync({ memberId: report.member.id, reportId: report.id, reason })}
          />
        ))}
    </div>
  );
}

/** One report on the desk: what, why, who sent it, whom it is against, and what can be done. */
export function ReportCard({ report }: { report: DeskReport }) {
  return (
    <Card className="grid gap-4 p-4 sm:p-5 *:min-w-0">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="warning">{REPORT_REASON_LABELS[report.reason]}</Badge>
        <Badge variant="outline" weight="medium">
          {KIND_LABELS[report.targetKind]}
        </Badge>
        {report.member.suspended && <Badge variant="outline">Suspended</Badge>}
        <span className="ml-auto text-xs text-muted-foreground">
          <time dateTime={report.createdAt.toISOString()}>{when.format(report.createdAt)}</time>
        </span>
      </div>
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4 *:min-w-0">
        <dt className="text-muted-foreground">Against</dt>
        <dd>
          <Person name={report.member.name} email={report.member.email} />{" "}
          <span className="text-muted-foreground">
            · {report.member.reports} {report.member.reports === 1 ? "report" : "reports"} in all
          </span>
        </dd>
        <dt className="text-muted-foreground">Reported by</dt>
        <dd>
          <Person name={report.reporter.name} email={report.reporter.email} />
        </dd>
      </dl>
      {report.details && (
        <blockquote className="border-l-2 pl-3 text-sm italic [overflow-wrap:anywhere] whitespace-pre-line">
          {report.details}
        </blockquote>
      )}
      <Context report={report} />
      <Actions report={report} />
    </Card>
  );
}
