import { Link } from "@tanstack/react-router";
import { Avatar } from "@web/components/avatar";
import { useUnblock } from "@web/components/safety/use-block";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { trpc } from "@web/lib/trpc";
import type { RouterOutputs } from "@web/lib/types";

type Blocked = RouterOutputs["safety"]["blocked"]["items"][number];

const day = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", year: "numeric" });

function BlockedRow({ member }: { member: Blocked }) {
  const unblock = useUnblock(member);
  return (
    <li className="flex items-center gap-3 p-3">
      <Avatar name={member.name} url={member.avatarUrl} className="size-10" />
      <div className="min-w-0 flex-1 text-sm">
        <Link
          to="/member/$id"
          params={{ id: member.id }}
          className="block truncate font-medium hover:underline focus-visible:underline focus-visible:outline-none"
        >
          {member.name}
        </Link>
        <p className="text-muted-foreground">Blocked {day.format(member.blockedAt)}</p>
      </div>
      <Button
        variant="outline"
        size="sm"
        aria-label={`Unblock ${member.name}`}
        disabled={unblock.isPending}
        onClick={() => unblock.mutate({ memberId: member.id })}
      >
        {unblock.isPending ? "Unblocking..." : "Unblock"}
      </Button>
    </li>
  );
}

/** Settings → Privacy and safety: the members the member blocked, each with Unblock. */
export function BlockedMembers() {
  const blocked = trpc.safety.blocked.useInfiniteQuery({}, { getNextPageParam: (page) => page.nextCursor });
  const members = blocked.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="privacy-safety" className="grid gap-6">
      <h2 id="privacy-safety" className="text-xl font-semibold">
        Privacy and safety
      </h2>
      <Card>
        <CardHeader>
          <CardTitle>Blocked members</CardTitle>
          <CardDescription>
            They cannot message you, send you friend requests or ask to join your projects. Unblocking brings back your
            private chat; a friendship starts again with a new request.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {blocked.isPending ? (
            <p role="status" className="text-sm text-muted-foreground">
              Loading blocked members...
            </p>
          ) : blocked.isError ? (
            <p className="text-sm text-muted-foreground">
              Blocked members could not be loaded. Please reload the page.
            </p>
          ) : members.length === 0 ? (
            <p className="text-sm text-muted-foreground">You have not blocked anyone.</p>
          ) : (
            <ul aria-label="Blocked members" className="divide-y rounded-md border">
              {members.map((member) => (
                <BlockedRow key={member.id} member={member} />
              ))}
            </ul>
          )}
          {blocked.hasNextPage && (
            <div>
              <Button
                variant="outline"
                disabled={blocked.isFetchingNextPage}
                onClick={() => void blocked.fetchNextPage()}
              >
                {blocked.isFetchingNextPage ? "Loading..." : "Show more"}
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
