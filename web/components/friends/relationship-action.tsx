import { Link } from "@tanstack/react-router";
import { Ban, Check, MessageCircle, Pencil, UserCheck, UserPlus, X } from "lucide-react";
import { notify } from "@web/lib/toast";
import { errorMessage, trpc } from "@web/lib/trpc";
import { cn } from "@web/lib/cn";
import type { RouterOutputs } from "@web/lib/types";
import { Button, buttonVariants } from "../ui/button";
import { useUnblock } from "../safety/use-block";
import { useMessageFriend } from "./message-friend";
import { useRefreshFriends, useRequestActions } from "./use-friend-actions";

export type RelationshipState = RouterOutputs["friends"]["relationship"];

/**
 * The button for where the viewer stands with the member: on their profile view and on a person's
 * card in Find People, which already knows the state (`initial`) and asks for nothing.
 */
export function RelationshipAction({
  memberId,
  name,
  initial,
}: {
  memberId: string;
  name: string;
  initial?: RelationshipState;
}) {
  const relationship = trpc.friends.relationship.useQuery({ memberId }, { initialData: initial });
  const refresh = useRefreshFriends();
  const { accept, reject, cancel, busy } = useRequestActions("requests");
  const message = useMessageFriend();
  const unblock = useUnblock({ name });
  const add = trpc.friends.request.useMutation({
    onSuccess: ({ member }) => {
      notify.success("Friend Request Sent!", `Friend request sent to ${member.displayName || name}`);
      return refresh();
    },
    onError: (error) => {
      notify.error("Friend Error", `Failed to send friend request: ${errorMessage(error)}`);
      return refresh();
    },
  });

  if (relationship.isPending)
    return <div className="h-10 w-32 animate-pulse rounded-md bg-muted" role="status" aria-label="Loading" />;
  if (relationship.isError) return null;
  const state = relationship.data;
  switch (state.status) {
    case "self":
      return (
        <Button variant="outline" asChild>
          <Link to="/settings">
            <Pencil aria-hidden />
            Edit Profile
          </Link>
        </Button>
      );
    case "none":
      return (
        <Button onClick={() => add.mutate({ memberId })} disabled={add.isPending}>
          <UserPlus aria-hidden />
          {add.isPending ? "Sending..." : "Add Friend"}
        </Button>
      );
    case "sent":
      return (
        <div className="flex flex-wrap gap-2">
          <Button disabled>Request Sent</Button>
          <Button variant="outline" onClick={() => cancel.mutate({ requestId: state.requestId })} disabled={busy}>
            {cancel.isPending ? "Cancelling..." : "Cancel"}
          </Button>
        </div>
      );
    case "received":
      return (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => accept.mutate({ requestId: state.requestId })} disabled={busy}>
            <Check aria-hidden />
            {accept.isPending ? "Accepting..." : "Accept"}
          </Button>
          <Button variant="outline" onClick={() => reject.mutate({ requestId: state.requestId })} disabled={busy}>
            <X aria-hidden />
            {reject.isPending ? "Rejecting..." : "Reject"}
          </Button>
        </div>
      );
    case "blocked":
      return (
        <div className="flex flex-wrap gap-2">
          <span className={cn(buttonVariants({ variant: "outline" }), "pointer-events-none text-destructive")}>
            <Ban aria-hidden />
            Blocked
          </span>
          <Button variant="outline" onClick={() => unblock.mutate({ memberId })} disabled={unblock.isPending}>
            {unblock.isPending ? "Unblocking..." : "Unblock"}
          </Button>
        </div>
      );
    case "friends":
      return (
        <div className="flex flex-wrap gap-2">
          <span className={cn(buttonVariants({ variant: "outline" }), "pointer-events-none text-primary")}>
            <UserCheck aria-hidden />
            Friends
          </span>
          <Button onClick={() => message({ id: memberId })}>
            <MessageCircle aria-hidden />
            Message
          </Button>
        </div>
      );
  }
}
