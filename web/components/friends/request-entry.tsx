import { Link } from "@tanstack/react-router";
import { Check, X } from "lucide-react";
import type { RouterOutputs } from "@web/lib/types";
import { Avatar } from "../avatar";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { nameOf, sentOn, specializationLabel } from "./people";
import { useRequestActions, type Place } from "./use-friend-actions";

export type FriendRequest = RouterOutputs["friends"]["requests"]["incoming"][number];

/**
 * One pending request: who is on the other side and when it was sent, with Accept and Reject for
 * the recipient, or 'Pending' and 'Cancel Request' for the sender.
 */
export function RequestEntry({
  request,
  direction,
  place,
}: {
  request: FriendRequest;
  direction: "incoming" | "sent";
  place: Place;
}) {
  const { accept, reject, cancel, busy } = useRequestActions(place);
  const name = nameOf(request.member);
  const requestId = request.id;
  return (
    <li className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <Avatar name={name} url={request.member.avatarUrl} className="size-11" />
        <div className="grid min-w-0 gap-1">
          <Link
            to="/member/$id"
            params={{ id: request.member.id }}
            className="truncate font-semibold hover:underline focus-visible:underline focus-visible:outline-none"
          >
            {name}
          </Link>
          <p className="truncate text-sm text-muted-foreground">{request.member.email}</p>
          <div className="flex flex-wrap items-center gap-2">
            {request.member.specialization && (
              <Badge variant="secondary">{specializationLabel(request.member.specialization)}</Badge>
            )}
            <span className="text-xs text-muted-foreground">{sentOn(request.createdAt)}</span>
          </div>
        </div>
      </div>
      {direction === "incoming" ? (
        <div className="flex shrink-0 gap-2">
          <Button size="sm" onClick={() => accept.mutate({ requestId })} disabled={busy} aria-label={`Accept ${name}`}>
            <Check aria-hidden />
            {accept.isPending ? "Accepting..." : "Accept"}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => reject.mutate({ requestId })}
            disabled={busy}
            aria-label={`Reject ${name}`}
          >
            <X aria-hidden />
            {reject.isPending ? "Rejecting..." : "Reject"}
          </Button>
        </div>
      ) : (
        <div className="flex shrink-0 items-center gap-2">
          <Badge variant="warning">Pending</Badge>
          <Button
            size="sm"
            variant="outline"
            onClick={() => cancel.mutate({ requestId })}
            disabled={busy}
            aria-label={`Cancel request to ${name}`}
          >
            {cancel.isPending ? "Cancelling..." : "Cancel Request"}
          </Button>
        </div>
      )}
    </li>
  );
}
