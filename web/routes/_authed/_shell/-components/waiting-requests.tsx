import { Link } from "@tanstack/react-router";
import { Avatar } from "@web/components/avatar";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { trpc } from "@web/lib/trpc";
import { AnswerButtons } from "./answer-buttons";
import { useAnswerJoinRequest } from "./use-answer-join-request";

/** The owner's inbox of join requests: who asks to join which project, answered in place. */
export function WaitingRequests({ total }: { total?: number }) {
  const waiting = trpc.joinRequests.waiting.useQuery(undefined, { refetchOnWindowFocus: true });
  const answers = useAnswerJoinRequest();
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
                  <AnswerButtons
                    answers={answers}
                    requestId={request.id}
                    acceptLabel={`Accept ${name} into ${request.projectTitle}`}
                    declineLabel={`Decline ${name} for ${request.projectTitle}`}
                    className="pl-12"
                  />
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
