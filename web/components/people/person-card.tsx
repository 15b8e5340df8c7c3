import { Link } from "@tanstack/react-router";
import { Globe2 } from "lucide-react";
import { RelationshipAction } from "../friends/relationship-action";
import { specializationLabel } from "../friends/people";
import { Avatar } from "../avatar";
import { Badge } from "../ui/badge";
import { Card } from "../ui/card";
import type { RouterOutputs } from "@web/lib/types";

export type Person = RouterOutputs["people"]["search"]["items"][number];

/**
 * A member in Find People: who they are, what they know, where they are, and the friend action
 * that fits (Add Friend, Request Sent, Message). The name opens their profile.
 */
export function PersonCard({ person }: { person: Person }) {
  return (
    <Card className="flex h-full flex-col gap-4 p-5">
      <div className="flex items-start gap-3">
        <Avatar name={person.name} url={person.avatarUrl} className="size-12" />
        <div className="grid min-w-0 flex-1 gap-1">
          <h3 className="truncate font-semibold">
            <Link
              to="/member/$id"
              params={{ id: person.id }}
              className="hover:underline focus-visible:underline focus-visible:outline-none"
            >
              {person.name}
            </Link>
          </h3>
          {person.specialization && (
            <p className="truncate text-sm text-muted-foreground">{specializationLabel(person.specialization)}</p>
          )}
          <p className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
            <Globe2 className="size-4 shrink-0" aria-hidden />
            <span className="truncate">{person.region}</span>
          </p>
        </div>
      </div>
      {(person.skills.length > 0 || person.openToJoin) && (
        <ul className="flex flex-wrap gap-1.5" aria-label={`${person.name}'s skills`}>
          {person.openToJoin && (
            <li>
              <Badge variant="secondary">Open to join</Badge>
            </li>
          )}
          {person.skills.map((skill) => (
            <li key={skill} className="min-w-0 max-w-full">
              <Badge variant="outline" className="max-w-full truncate">
                {skill}
              </Badge>
            </li>
          ))}
          {person.moreSkills > 0 && (
            <li>
              <Badge variant="outline">+{person.moreSkills} more</Badge>
            </li>
          )}
        </ul>
      )}
      <div className="mt-auto">
        <RelationshipAction memberId={person.id} name={person.name} initial={person.relationship} />
      </div>
    </Card>
  );
}

/** The shape of a card while its page loads. */
export function PersonCardSkeleton() {
  return (
    <Card className="grid gap-4 p-5" aria-hidden>
      <div className="flex gap-3">
        <div className="size-12 animate-pulse rounded-full bg-muted" />
        <div className="grid flex-1 gap-2">
          <div className="h-4 w-2/3 animate-pulse rounded bg-muted" />
          <div className="h-4 w-1/2 animate-pulse rounded bg-muted" />
        </div>
      </div>
      <div className="h-5 w-3/4 animate-pulse rounded bg-muted" />
      <div className="h-10 w-32 animate-pulse rounded-md bg-muted" />
    </Card>
  );
}
