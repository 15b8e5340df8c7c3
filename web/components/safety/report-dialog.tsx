import { useId, useState, type FormEvent } from "react";
import {
  MAX_REPORT_DETAILS_LENGTH,
  REPORT_DETAILS_TOO_LONG,
  REPORT_REASON_LABELS,
  REPORT_REASON_REQUIRED,
  REPORT_REASONS,
  type ReportReason,
} from "@core/safety-rules";
import { notify } from "@web/lib/toast";
import { isClientError, trpc } from "@web/lib/trpc";
import type { RouterInputs } from "@web/lib/types";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../ui/dialog";
import { Label } from "../ui/label";
import { Textarea } from "../ui/textarea";

export type ReportTarget = RouterInputs["safety"]["report"]["target"];

const SEND_FAILED = "Failed to send the report. Please try again.";

/**
 * Report a member, a project or a message to the moderators: a reason, and details if the member
 * wants to add any. The server's refusals (the daily limit among them) show in the dialog as they are.
 */
export function ReportDialog({
  target,
  title,
  open,
  onOpenChange,
}: {
  target: ReportTarget;
  /** 'Report Ada', 'Report this project' */
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const ids = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState("");
  const [error, setError] = useState<string | null>(null);
  const report = trpc.safety.report.useMutation({
    onSuccess: ({ message }) => {
      onOpenChange(false);
      notify.success("Report Sent", message);
    },
    onError: (failure) => setError(isClientError(failure) ? failure.message : SEND_FAILED),
  });

  const changeOpen = (next: boolean) => {
    if (report.isPending) return;
    onOpenChange(next);
    if (next) return;
    setReason(null);
    setDetails("");
    setError(null);
  };

  const tooLong = details.length > MAX_REPORT_DETAILS_LENGTH;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setError(REPORT_REASON_REQUIRED);
    if (tooLong) return setError(REPORT_DETAILS_TOO_LONG);
    setError(null);
    report.mutate({ target, reason, details: details.trim() || null });
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>Tell the moderators what is wrong. Only they see your report.</DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-2" disabled={report.isPending}>
            <legend className="mb-2 text-sm font-medium">Reason</legend>
            {REPORT_REASONS.map((value) => (
              <div key={value} className="flex items-center gap-2">
                <input
                  type="radio"
                  id={`${ids}-${value}`}
                  name={`${ids}-reason`}
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                  className="size-4 accent-primary"
                />
                <Label htmlFor={`${ids}-${value}`} weight="normal">
                  {REPORT_REASON_LABELS[value]}
                </Label>
              </div>
            ))}
          </fieldset>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-details`}>Details (optional)</Label>
            <Textarea
              id={`${ids}-details`}
              value={details}
              onChange={(event) => setDetails(event.target.value)}
              placeholder="What happened?"
              disabled={report.isPending}
              aria-describedby={`${ids}-count`}
              aria-invalid={tooLong}
            />
            <p id={`${ids}-count`} className={tooLong ? "text-xs text-destructive" : "text-xs text-muted-foreground"}>
              {details.length} / {MAX_REPORT_DETAILS_LENGTH}
            </p>
          </div>
          {error && <Alert>{error}</Alert>}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => changeOpen(false)} disabled={report.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={report.isPending}>
              {report.isPending ? "Sending..." : "Send Report"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
