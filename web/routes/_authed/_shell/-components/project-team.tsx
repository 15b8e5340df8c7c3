import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { Avatar } from "@web/components/avatar";
import { ConfirmDialog } from "@web/components/confirm-dialog";
import type { ProjectDetail } from "@web/components/projects/types";
import { useJoinedNotice } from "@web/components/projects/use-joined-notice";
import { TeamChatLink } from "@web/components/teams/team-chat-link";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { notify } from "@web/lib/toast";
import { errorMessage, trpc } from "@web/lib/trpc";
import type { RouterOutputs } from "@web/lib/types";
import { AnswerButtons } from "./answer-buttons";
import { useAnswerJoinRequest } from "./use-answer-join-request";

type JoinState = RouterOutputs["joinRequests"]["forProject"];

const nameOf = (person: { displayName: string | null }) => person.displayName || "Member";

/** A member on the team card; the name opens their profile. */
function Person({
  id,
  name,
  detail,
  avatarUrl,
}: {
  id: string;
  name: string;
  detail?: string | null;
  avatarUrl: string | null;
}) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={name} url={avatarUrl} className="size-9" />
      <div className="min-w-0">
        <Link
          to="/member/$id"
          params={{ id }}
          className="block truncate text-sm font-medium hover:underline focus-visible:underline focus-visible:outline-none"
        >
          {name}
        </Link>
        {detail && <p className="truncate text-xs text-muted-foreground">{detail}</p>}
      </div>
    </div>
  );
}

/** The owner's Remove beside a member, asking first: the member leaves the team and its chat. */
function RemoveMember({ project, member }: { project: ProjectDetail; member: { userId: string; name: string } }) {
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(false);
  const remove = trpc.teams.removeMember.useMutation({
    onSuccess: () => {
      setOpen(false);
      notify.success("Member Removed", `${member.name} is no longer on the team.`);
      return Promise.all([
        utils.joinRequests.forProject.invalidate({ projectId: project.id }),
        utils.projects.myStats.invalidate(),
        utils.teams.invalidate(),
      ]);
    },
    onError: (error) => notify.error("Project Error", errorMessage(error)),
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      busy={remove.isPending}
      title="Remove Member"
      action="Remove"
      busyAction="Removing..."
      onConfirm={() => remove.mutate({ projectId: project.id, memberId: member.userId })}
      trigger={
        <Button variant="outline" size="sm" className="shrink-0" aria-label={`Remove ${member.name}`}>
          Remove
        </Button>
      }
    >
      Remove {member.name} from "{project.title}"? They leave the team and its chat; they can ask to join again.
    </ConfirmDialog>
  );
}

/** Owner, accepted members and, for the owner, the requests waiting for an answer. */
export function TeamCard({ project, join }: { project: ProjectDetail; join?: JoinState }) {
  const answers = useAnswerJoinRequest();

  return (
    <Card id="team" className="scroll-mt-20">
      <CardHeader>
        <CardTitle size="lg">Team</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-3" aria-label="Team members">
          <li>
            <Person
              id={project.userId}
              name={nameOf(project.owner ?? { displayName: null })}
              detail="Owner"
              avatarUrl={project.owner?.avatarUrl ?? null}
            />
          </li>
          {join?.team.map((member) => (
            <li key={member.id} className="flex min-w-0 items-center justify-between gap-2">
              <Person id={member.userId} name={nameOf(member)} detail="Member" avatarUrl={member.avatarUrl} />
              {project.isOwner && <RemoveMember project={project} member={{ ...member, name: nameOf(member) }} />}
            </li>
          ))}
        </ul>
        {project.isOwner && join && join.pending.length > 0 && (
          <div className="grid gap-3 border-t pt-4">
            <h3 className="text-sm font-semibold">Join Requests</h3>
            <ul className="grid gap-3" aria-label="Join requests">
              {join.pending.map((request) => (
                <li key={request.id} className="flex flex-wrap items-center justify-between gap-2">
                  <Person
                    id={request.userId}
                    name={nameOf(request)}
                    detail={request.specialization}
                    avatarUrl={request.avatarUrl}
                  />
                  <AnswerButtons
                    answers={answers}
                    requestId={request.id}
                    acceptLabel={`Accept ${nameOf(request)}`}
                    declineLabel={`Decline ${nameOf(request)}`}
                  />
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * 'Request to Join' for a non-owner on an open project, 'Request Sent' while it waits, and
 * 'Leave Project' once accepted. The first visit after an acceptance says so, once.
 */
export function JoinButton({ project, join }: { project: ProjectDetail; join?: JoinState }) {
  const utils = trpc.useUtils();
  const refresh = () => utils.joinRequests.forProject.invalidate({ projectId: project.id });
  const request = trpc.joinRequests.request.useMutation({
    onSuccess: () => {
      notify.success("Request to join sent!", "The project owner will review your request.");
      return refresh();
    },
    onError: (error) => notify.error("Project Error", errorMessage(error)),
  });
  const [confirmLeave, setConfirmLeave] = useState(false);
  const leave = trpc.joinRequests.leave.useMutation({
    onSuccess: () => {
      setConfirmLeave(false);
      notify.success("Project Left", "You have left the project.");
      // Leaving takes the project out of the member's joined list, counts and recent projects, and
      // the member out of its team chat.
      return Promise.all([refresh(), utils.projects.invalidate(), utils.teams.invalidate()]);
    },
    onError: (error) => notify.error("Project Error", errorMessage(error)),
  });
  const mine = join?.mine;
  useJoinedNotice(project.id, mine);

  if (project.isOwner || !join) return null;
  if (mine?.status === "accepted") {
    return (
      <ConfirmDialog
        open={confirmLeave}
        onOpenChange={setConfirmLeave}
        busy={leave.isPending}
        title="Leave Project"
        action="Leave Project"
        busyAction="Leaving..."
        onConfirm={() => leave.mutate({ projectId: project.id })}
        trigger={<Button variant="outline">Leave Project</Button>}
      >
        Leave "{project.title}"? You will no longer be on its team; to come back you would ask to join again.
      </ConfirmDialog>
    );
  }
  if (mine?.status === "pending") return <Button disabled>Request Sent</Button>;
  if (project.status !== "open") return null;
  return (
    <Button onClick={() => request.mutate({ projectId: project.id })} disabled={request.isPending}>
      {request.isPending ? "Sending..." : "Request to Join"}
    </Button>
  );
}

/** 'Team chat' for the owner and the accepted members, once the team has its chat. */
export function TeamChatButton({ projectId }: { projectId: string }) {
  const chat = trpc.teams.chat.useQuery({ projectId });
  return chat.data ? <TeamChatLink chatId={chat.data.chatId} /> : null;
}
