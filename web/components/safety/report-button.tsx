import { Flag } from "lucide-react";
import { useState } from "react";
import { Button } from "../ui/button";
import { ReportDialog, type ReportTarget } from "./report-dialog";

/** A quiet 'Report' button that opens the report dialog for what it sits beside. */
export function ReportButton({ target, title }: { target: ReportTarget; title: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)}>
        <Flag aria-hidden />
        Report
      </Button>
      <ReportDialog target={target} title={title} open={open} onOpenChange={setOpen} />
    </>
  );
}
