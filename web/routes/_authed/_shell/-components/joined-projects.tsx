import { Link } from "@tanstack/react-router";
import { Handshake } from "lucide-react";
import { EmptyState } from "@web/components/empty-state";
import { ProjectGrid } from "@web/components/projects/project-grid";
import { TeamChatLink } from "@web/components/teams/team-chat-link";
import { Button } from "@web/components/ui/button";
import { trpc } from "@web/lib/trpc";

/** My Projects' second half: the projects whose team accepted the member, each with its team chat. */
export function JoinedProjects({ teamChats }: { teamChats: Map<string, string> }) {
  const joined = trpc.projects.list.useInfiniteQuery({ joined: true }, { getNextPageParam: (page) => page.nextCursor });
  return (
    <section id="joined" aria-labelledby="joined-heading" className="mt-12 scroll-mt-20">
      <div className="mb-4">
        <h2 id="joined-heading" className="text-2xl font-semibold tracking-tight">
          Joined Projects
        </h2>
        <p className="mt-1 text-muted-foreground">Projects whose owner accepted you onto the team.</p>
      </div>
      <ProjectGrid
        query={joined}
        label="Joined projects"
        actions={(project) => {
          const chatId = teamChats.get(project.id);
          return chatId && <TeamChatLink chatId={chatId} size="sm" />;
        }}
        empty={
          <EmptyState
            icon={<Handshake />}
            title="No joined projects yet"
            description="Ask to join an open project; once its owner accepts, it shows here."
            action={
              <Button variant="outline" asChild>
                <Link to="/all-projects">Browse All Projects</Link>
              </Button>
            }
          />
        }
      />
    </section>
  );
}
