import { Link } from "@tanstack/react-router";
import { Check, X } from "lucide-react";
import { Avatar } from "@web/components/avatar";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { trpc } from "@web/lib/trpc";
import { useAnswerJoinRequest } from "./use-answer-join-request";

/** The owner's inbox of join requests: who asks to join which project, answered in place. */
export function WaitingRequests({ total }: { total?: number }) {
  const waiting = trpc.joinRequests.waiting.useQuery(undefined, { refetchOnWindowFocus: true });
  const { accept, decline, busy } = useAnswerJoinRequest();
  const requests = waiting.data;
  const more = total !== undefined && requests ? total - requests.length : 0;

  return (
    <Card id="join-requests" className="scroll-mt-20">
      <CardHeader>
        <CardTitle size="lg">Join Requests</CardTitle>
      </CardHeader>
      <CardContent>
        {!requests ? (
          <div className="h-16 animate-pulse rounded-lg bg-muted" role="status" aria-label="Loading join requests" />
        ) : requests.length === 0 ? (
          <p className="py-2 text-sm text-muted-foreground">No one is waiting to join your projects.</p>
        ) : (
          <ul className="grid gap-4" aria-label="Join requests waiting">
            {requests.map((request) => {
              const name = request.displayName || "Member";
              return (
                <li key={request.id} className="grid gap-2">
                  <div className="flex min-w-0 items-center gap-3">
                    <Avatar name={name} url={request.avatarUrl} className="size-9" />
                    <p className="min-w-0 text-sm">
                      <Link to="/member/$id" params={{ id: request.userId }} className="font-medium hover:underline">
                        {name}
                      </Link>{" "}
                      <span className="text-muted-foreground">wants to join</span>{" "}
                      <Link
                        to="/project/$id"
                        params={{ id: request.projectId }}
                        hash="team"
                        className="font-medium hover:underline"
                      >
                        {request.projectTitle}
                      </Link>
                    </p>
                  </div>
                  <div className="flex gap-2 pl-12">
                    <Button
                      size="sm"
                      onClick={() => accept.mutate({ requestId: request.id })}
                      disabled={busy}
                      aria-label={`Accept ${name} into ${request.projectTitle}`}
                    >
                      <Check aria-hidden />
                      Accept
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => decline.mutate({ requestId: request.id })}
                      disabled={busy}
                      aria-label={`Decline ${name} for ${request.projectTitle}`}
                    >
                      <X aria-hidden />
                      Decline
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {more > 0 && (
          <p className="mt-4 text-sm text-muted-foreground">
            {more} more waiting: answer them as you go, or on each project's page.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
