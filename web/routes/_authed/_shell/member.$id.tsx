import { createFileRoute, Link } from "@tanstack/react-router";
import { Briefcase, FolderKanban, Globe2, Mail, UserX } from "lucide-react";
import type { ReactNode } from "react";
import { Avatar } from "@web/components/avatar";
import { BackButton } from "@web/components/back-button";
import { EmptyState } from "@web/components/empty-state";
import { specializationLabel } from "@web/components/friends/people";
import { RelationshipAction } from "@web/components/friends/relationship-action";
import { MemberMenu } from "@web/components/safety/member-menu";
import { ProjectCard } from "@web/components/projects/project-card";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { pageHead } from "@web/lib/head";
import { trpc } from "@web/lib/trpc";

/** How many of the member's projects the profile shows, newest first. */
const PROFILE_PROJECTS = 6;

export const Route = createFileRoute("/_authed/_shell/member/$id")({
  head: pageHead("Member Profile"),
  loader: ({ context, params }) => {
    void context.trpc.profiles.byId.prefetch({ id: params.id });
    void context.trpc.friends.relationship.prefetch({ memberId: params.id });
  },
  component: MemberPage,
});

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle size="lg">{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Tags({ title, items, empty }: { title: string; items: string[]; empty: string }) {
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
      {items.length === 0 ? (
        <p className="text-sm">{empty}</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label={title}>
          {items.map((item) => (
            <li key={item}>
              <Badge variant="outline">{item}</Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function MemberProjects({ memberId }: { memberId: string }) {
  const projects = trpc.projects.list.useQuery({ ownerId: memberId, limit: PROFILE_PROJECTS });
  if (projects.isPending)
    return <div className="h-40 animate-pulse rounded-xl bg-muted" role="status" aria-label="Loading projects" />;
  if (projects.isError) return <p className="text-sm text-destructive">Failed to load projects</p>;
  if (projects.data.items.length === 0) return <EmptyState icon={<FolderKanban />} title="No projects yet" />;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3" aria-label="Projects">
      {projects.data.items.map((project) => (
        <li key={project.id} className="grid">
          <ProjectCard project={project} />
        </li>
      ))}
    </ul>
  );
}

/** A member as others see them: public fields only, and their e-mail once they are friends. */
function MemberPage() {
  const { id } = Route.useParams();
  const profile = trpc.profiles.byId.useQuery({ id }, { retry: false });
  const relationship = trpc.friends.relationship.useQuery({ memberId: id });

  if (profile.isPending) {
    return (
      <div className="grid gap-6" role="status" aria-label="Loading profile">
        <div className="h-8 w-24 animate-pulse rounded bg-muted" />
        <div className="h-40 animate-pulse rounded-xl bg-muted" />
      </div>
    );
  }
  if (profile.isError) {
    const notFound = profile.error.data?.code === "NOT_FOUND";
    return (
      <EmptyState
        icon={<UserX />}
        title={notFound ? "Member Not Found" : "Profile Error"}
        description={notFound ? "This member does not exist or has left Crewboard." : "Error loading profile data"}
        action={
          <Button asChild>
            <Link to="/friends">Back to Friends</Link>
          </Button>
        }
      />
    );
  }

  const p = profile.data;
  const name = p.displayName || "Member";
  const email = relationship.data?.email;
  const facts: [ReactNode, string | null][] = [
    [<Briefcase key="type" aria-hidden />, p.developerType],
    [<Globe2 key="region" aria-hidden />, p.region],
    [<Mail key="email" aria-hidden />, email ?? null],
  ];
  return (
    <div className="flex flex-col">
      <BackButton fallback="/friends" />
      <div className="grid gap-6">
        <Card>
          <div className="flex flex-col gap-5 p-6 sm:flex-row sm:items-start">
            <Avatar name={name} url={p.avatarUrl} className="size-20" initialClassName="text-2xl" />
            <div className="grid min-w-0 flex-1 gap-2">
              <h1 className="break-words text-3xl font-bold tracking-tight">{name}</h1>
              <div className="flex flex-wrap gap-2">
                {p.specialization && <Badge variant="secondary">{specializationLabel(p.specialization)}</Badge>}
                {p.experience && <Badge variant="outline">{p.experience}</Badge>}
                {p.openToJoin && <Badge variant="outline">Open to join projects</Badge>}
              </div>
              <ul className="grid gap-1 text-sm text-muted-foreground" aria-label="Details">
                {facts.map(
                  ([icon, value]) =>
                    value && (
                      <li key={value} className="flex min-w-0 items-center gap-2 [&_svg]:size-4 [&_svg]:shrink-0">
                        {icon}
                        <span className="truncate">{value}</span>
                      </li>
                    ),
                )}
              </ul>
            </div>
            <div className="flex shrink-0 flex-wrap items-start gap-2">
              <RelationshipAction memberId={p.id} name={name} />
              {relationship.data && relationship.data.status !== "self" && (
                <MemberMenu member={{ id: p.id, name }} blocked={relationship.data.status === "blocked"} />
              )}
            </div>
          </div>
        </Card>
        <div className="grid gap-6 md:grid-cols-2">
          <Section title="About">
            <p className="whitespace-pre-line break-words text-sm">{p.bio || "No bio yet."}</p>
          </Section>
          <Section title="Skills & Interests">
            <div className="grid gap-4">
              <Tags title="Skills" items={p.skills} empty="No skills listed." />
              <Tags title="Interests" items={p.interestedProjects} empty="No project interests listed." />
            </div>
          </Section>
        </div>
        <section className="grid gap-4" aria-labelledby="member-projects">
          <h2 id="member-projects" className="text-xl font-semibold">
            Projects
          </h2>
          <MemberProjects memberId={p.id} />
        </section>
      </div>
    </div>
  );
}
