import { Link } from "@tanstack/react-router";
import { Badge } from "../ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { useFriendRequests } from "./queries";
import { RequestEntry } from "./request-entry";

/** The requests waiting for the member's answer, below the friends list. */
export function PendingRequestsCard() {
  const requests = useFriendRequests();
  const incoming = requests.data?.incoming ?? [];
  return (
    <Card>
      <CardHeader direction="row" className="gap-2">
        <CardTitle size="lg">Pending Friend Requests</CardTitle>
        <Badge variant={incoming.length ? "default" : "secondary"} aria-label={`${incoming.length} pending`}>
          {incoming.length}
        </Badge>
      </CardHeader>
      <CardContent className="grid gap-3">
        {requests.isPending ? (
          <div className="h-20 animate-pulse rounded-lg bg-muted" role="status" aria-label="Loading friend requests" />
        ) : requests.isError ? (
          <p className="text-sm text-destructive">Failed to load friend requests</p>
        ) : incoming.length === 0 ? (
          <p className="text-sm text-muted-foreground">No pending friend requests</p>
        ) : (
          <ul className="grid gap-3" aria-label="Pending friend requests">
            {incoming.map((request) => (
              <RequestEntry key={request.id} request={request} direction="incoming" place="friends" />
            ))}
          </ul>
        )}
        {(requests.data?.sent.length ?? 0) > 0 && (
          <Link to="/requests" search={{ tab: "sent" }} className="text-sm text-primary hover:underline">
            Requests you sent ({requests.data!.sent.length})
          </Link>
        )}
      </CardContent>
    </Card>
  );
}
