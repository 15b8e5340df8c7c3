import { Flag } from "lucide-react";
import { useState } from "react";
import { ReportDialog } from "@web/components/safety/report-dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@web/components/ui/dropdown-menu";
import { MessageActionsButton } from "./message-actions-button";

/** Reporting another member's message to the moderators: from its menu, or from a phone's sheet (message-sheet.tsx). */
export function ReportMessageDialog({
  messageId,
  senderName,
  open,
  onOpenChange,
}: {
  messageId: number;
  senderName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <ReportDialog
      target={{ kind: "message", messageId }}
      title={`Report a message from ${senderName}`}
      open={open}
      onOpenChange={onOpenChange}
    />
  );
}

/**
 * A message's menu, fetched the first time a member opens one (message-list.tsx): it opens as it
 * arrives, in place of the plain button that asked for it.
 */
export default function MessageMenu({ messageId, senderName }: { messageId: number; senderName: string }) {
  const [reporting, setReporting] = useState(false);
  return (
    <>
      <DropdownMenu defaultOpen>
        <DropdownMenuTrigger asChild>
          <MessageActionsButton />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" narrow>
          <DropdownMenuItem onSelect={() => setReporting(true)}>
            <Flag aria-hidden />
            Report message
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ReportMessageDialog messageId={messageId} senderName={senderName} open={reporting} onOpenChange={setReporting} />
    </>
  );
}
