import { Check, X } from "lucide-react";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";
import type { JoinRequestAnswers } from "./use-answer-join-request";

/**
 * Accept and Decline for one join request. The answers are shared by every request on the page, so
 * that one answer under way holds them all; the labels name who is answered (and where, when the
 * list spans projects) for screen readers.
 */
export function AnswerButtons({
  answers: { accept, decline, busy },
  requestId,
  acceptLabel,
  declineLabel,
  className,
}: {
  answers: JoinRequestAnswers;
  requestId: string;
  acceptLabel: string;
  declineLabel: string;
  className?: string;
}) {
  return (
    <div className={cn("flex gap-2", className)}>
      <Button size="sm" onClick={() => accept.mutate({ requestId })} disabled={busy} aria-label={acceptLabel}>
        <Check aria-hidden />
        Accept
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => decline.mutate({ requestId })}
        disabled={busy}
        aria-label={declineLabel}
      >
        <X aria-hidden />
        Decline
      </Button>
    </div>
  );
}
