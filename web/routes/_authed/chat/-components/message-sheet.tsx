import { Flag } from "lucide-react";
import { use, useState } from "react";
import { plainMentions } from "@core/mentions";
import type { WireMessage } from "@party/protocol";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { cn } from "@web/lib/cn";
import { MessageActionsContext, messageActions, ReactionChoices } from "./message-actions";
import { ReportMessageDialog } from "./message-menu";
import { dateTimeFormat } from "./message-parts";
import type { Sender } from "./message-row";

const reaction =
  "inline-flex h-12 items-center justify-center rounded-full text-2xl outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring";
const item =
  "flex h-12 w-full items-center gap-3 rounded-lg px-3 text-left text-base outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-5";

/**
 * A message's actions on a phone, opened by a long press: along the bottom of the screen, the six
 * reactions and each action a finger's size, under who sent it and when (a phone has no hover to
 * show a grouped message's time). Escape, a tap outside or Close dismisses it.
 */
export default function MessageSheet({
  message,
  own,
  sender,
  onClose,
}: {
  message: WireMessage;
  own: boolean;
  sender: Sender;
  onClose: () => void;
}) {
  const actions = use(MessageActionsContext);
  const [reporting, setReporting] = useState(false);
  const act = (then: () => void) => () => {
    onClose();
    then();
  };
  return (
    <>
      <Dialog open={!reporting} onOpenChange={(open) => !open && onClose()}>
        <DialogContent sheet bare className="mx-auto grid max-w-lg grid-cols-1 gap-3 p-4">
          <DialogHeader>
            <DialogTitle className="text-base">Message actions</DialogTitle>
            <DialogDescription className="truncate">
              {own ? "You" : sender.name}, {dateTimeFormat.format(message.createdAt)}
              {message.content && `: ${plainMentions(message.content, actions.nameOf)}`}
            </DialogDescription>
          </DialogHeader>
          <div className="grid grid-cols-6 gap-1">
            <ReactionChoices message={message} className={reaction} act={act} />
          </div>
          <ul className="grid border-t pt-2">
            {messageActions(message, own, actions).map(({ label, icon: Icon, run, destructive }) => (
              <li key={label}>
                <button type="button" className={cn(item, destructive && "text-destructive")} onClick={act(run)}>
                  <Icon aria-hidden />
                  {label}
                </button>
              </li>
            ))}
            {!own && (
              <li>
                <button type="button" className={item} onClick={() => setReporting(true)}>
                  <Flag aria-hidden />
                  Report message
                </button>
              </li>
            )}
          </ul>
        </DialogContent>
      </Dialog>
      <ReportMessageDialog
        messageId={message.id}
        senderName={sender.name}
        open={reporting}
        onOpenChange={(open) => !open && onClose()}
      />
    </>
  );
}
