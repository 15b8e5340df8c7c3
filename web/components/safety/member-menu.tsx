import { Ban, Flag, MoreVertical, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Button } from "../ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../ui/dropdown-menu";
import { BlockDialog } from "./block-dialog";
import { ReportDialog } from "./report-dialog";
import { useUnblock } from "./use-block";

/** The profile view's menu: report the member, and block or unblock them. */
export function MemberMenu({ member, blocked }: { member: { id: string; name: string }; blocked: boolean }) {
  const [reporting, setReporting] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const unblock = useUnblock(member);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="icon" aria-label={`More actions for ${member.name}`}>
            <MoreVertical aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => setReporting(true)}>
            <Flag aria-hidden />
            Report
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          {blocked ? (
            <DropdownMenuItem disabled={unblock.isPending} onSelect={() => unblock.mutate({ memberId: member.id })}>
              <ShieldCheck aria-hidden />
              Unblock
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem destructive onSelect={() => setBlocking(true)}>
              <Ban aria-hidden />
              Block
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <ReportDialog
        target={{ kind: "member", memberId: member.id }}
        title={`Report ${member.name}`}
        open={reporting}
        onOpenChange={setReporting}
      />
      <BlockDialog member={member} open={blocking} onOpenChange={setBlocking} />
    </>
  );
}
