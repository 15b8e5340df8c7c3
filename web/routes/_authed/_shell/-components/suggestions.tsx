import { Link } from "@tanstack/react-router";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import type { SuggestionKind } from "@core/enums";
import { Avatar } from "@web/components/avatar";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { notify } from "@web/lib/toast";
import { errorMessage, trpc } from "@web/lib/trpc";

/** Takes a suggestion off its list at once, for good; the list then shows the next one. */
function useDismiss() {
  const utils = trpc.useUtils();
  const listOf = (kind: SuggestionKind) => (kind === "project" ? utils.suggestions.projects : utils.suggestions.people);
  return trpc.suggestions.dismiss.useMutation({
    onMutate: async ({ kind, subjectId }) => {
      const without = <T extends { id: string }>(items?: T[]) => items?.filter((item) => item.id !== subjectId);
      await listOf(kind).cancel();
      if (kind === "project") utils.suggestions.projects.setData(undefined, without);
      else utils.suggestions.people.setData(undefined, without);
    },
    onError: (error) => notify.error("Suggestion Error", errorMessage(error)),
    onSettled: (_data, _error, { kind }) => listOf(kind).invalidate(),
  });
}

function SuggestionCard({
  title,
  description,
  label,
  loading,
  empty,
  children,
}: {
  title: string;
  description: string;
  label: string;
  loading: boolean;
  empty: ReactNode | null;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle size="lg">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="h-24 animate-pulse rounded-lg bg-muted" role="status" aria-label={`Loading ${label}`} />
        ) : (
          (empty ?? (
            <ul className="grid gap-4" aria-label={label}>
              {children}
            </ul>
          ))
        )}
      </CardContent>
    </Card>
  );
}

function DismissButton({ name, onDismiss, busy }: { name: string; onDismiss: () => void; busy: boolean }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="-mr-2 shrink-0 text-muted-foreground"
      aria-label={`Dismiss ${name}`}
      title="Don't suggest this again"
      onClick={onDismiss}
      disabled={busy}
    >
      <X aria-hidden />
    </Button>
  );
}

export function ProjectSuggestions() {
  const projects = trpc.suggestions.projects.useQuery();
  const me = trpc.auth.me.useQuery();
  const hasSkills = (me.data?.profile?.skills.length ?? 0) > 0;
  const dismiss = useDismiss();
  return (
    <SuggestionCard
      title="Projects that need your skills"
      description="Open projects looking for what you know."
      label="Suggested projects"
      loading={!projects.data}
      empty={
        projects.data?.length === 0 ? (
          hasSkills ? (
            // Skills given, and no open project asks for them: where to look meanwhile, not a prompt
            // to do what the member has done.
            <p className="text-sm text-muted-foreground">
              No open project asks for your skills right now.{" "}
              <Link to="/all-projects" className="font-medium text-primary hover:underline">
                Browse all projects
              </Link>{" "}
              or{" "}
              <Link to="/settings" hash="settings-skills" className="font-medium text-primary hover:underline">
                add more skills
              </Link>
              .
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">
              Nothing to suggest yet.{" "}
              <Link to="/settings" hash="settings-skills" className="font-medium text-primary hover:underline">
                Add your skills
              </Link>{" "}
              and we will find projects that need them.
            </p>
          )
        ) : null
      }
    >
      {projects.data?.map((project) => (
        <li key={project.id} className="flex items-start justify-between gap-2">
          <div className="grid min-w-0 gap-0.5">
            <Link
              to="/project/$id"
              params={{ id: project.id }}
              className="truncate text-sm font-medium hover:underline focus-visible:underline focus-visible:outline-none"
            >
              {project.title}
            </Link>
            <p className="text-xs text-muted-foreground">{project.category}</p>
            <p className="text-sm text-muted-foreground">{project.reason}</p>
          </div>
          <DismissButton
            name={project.title}
            busy={dismiss.isPending}
            onDismiss={() => dismiss.mutate({ kind: "project", subjectId: project.id })}
          />
        </li>
      ))}
    </SuggestionCard>
  );
}

export function PeopleSuggestions() {
  const people = trpc.suggestions.people.useQuery();
  const dismiss = useDismiss();
  return (
    <SuggestionCard
      title="People you may know"
      description="Friends of your friends, your teammates, and people who share your skills."
      label="Suggested people"
      loading={!people.data}
      empty={
        people.data?.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No one to suggest right now.{" "}
            <Link to="/people" className="font-medium text-primary hover:underline">
              Find people
            </Link>{" "}
            by name or skill.
          </p>
        ) : null
      }
    >
      {people.data?.map((person) => (
        <li key={person.id} className="flex items-center justify-between gap-2">
          <div className="flex min-w-0 items-center gap-3">
            <Avatar name={person.name} url={person.avatarUrl} className="size-9" />
            <div className="grid min-w-0 gap-0.5">
              <Link
                to="/member/$id"
                params={{ id: person.id }}
                className="truncate text-sm font-medium hover:underline focus-visible:underline focus-visible:outline-none"
              >
                {person.name}
              </Link>
              <p className="text-sm text-muted-foreground">{person.reason}</p>
            </div>
          </div>
          <DismissButton
            name={person.name}
            busy={dismiss.isPending}
            onDismiss={() => dismiss.mutate({ kind: "person", subjectId: person.id })}
          />
        </li>
      ))}
    </SuggestionCard>
  );
}
