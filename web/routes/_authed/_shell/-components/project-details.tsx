import { Link } from "@tanstack/react-router";
import {
  CheckCircle2,
  Circle,
  Clock,
  DollarSign,
  ExternalLink,
  Code2,
  KanbanSquare,
  UserCheck,
  Users,
} from "lucide-react";
import { tasksDone } from "@core/board-rules";
import { Avatar } from "@web/components/avatar";
import { StatusBadge } from "@web/components/projects/status-badge";
import type { ProjectDetail } from "@web/components/projects/types";
import { Badge } from "@web/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Progress } from "@web/components/ui/progress";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";

/**
 * How many features of each kind: the lists' lengths, or while the figures follow the board, its
 * tasks of each kind (the lists hold only the first 50 of each).
 */
function featureCounts({ boardTasks: board, ...p }: ProjectDetail) {
  return board
    ? { completed: board.done, pending: board.total - board.done - board.planned, planned: board.planned }
    : { completed: p.completedFeatures.length, pending: p.pendingFeatures.length, planned: p.plannedFeatures.length };
}

export function ProgressCard({ project }: { project: ProjectDetail }) {
  const { completed, pending, planned } = featureCounts(project);
  const counts = [
    ["Completed", completed, "text-green-600 dark:text-green-400"],
    ["Pending", pending, "text-amber-600 dark:text-amber-400"],
    ["Planned", planned, "text-blue-600 dark:text-blue-400"],
  ] as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle size="lg">Progress</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-center gap-3">
          <Progress value={project.progress} aria-label={`Progress ${project.progress}%`} />
          <span className="text-sm font-semibold">{project.progress}%</span>
        </div>
        {project.boardTasks && (
          <p className="-mt-2 flex items-center gap-1.5 text-sm text-muted-foreground">
            <KanbanSquare className="size-4 shrink-0" aria-hidden />
            {tasksDone(project.boardTasks.done, project.boardTasks.total)}
          </p>
        )}
        <dl className="grid grid-cols-3 gap-3 text-center">
          {counts.map(([label, count, tint]) => (
            <div key={label} className="rounded-lg bg-muted/60 p-3">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className={`text-2xl font-bold ${tint}`}>{count}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

/** `count`: how many there are, of which the list holds the first (more when the board has more). */
function FeatureList({ items, count, empty, done }: { items: string[]; count: number; empty: string; done?: boolean }) {
  if (items.length === 0) return <p className="py-2 text-sm text-muted-foreground">{empty}</p>;
  const Icon = done ? CheckCircle2 : Circle;
  return (
    <>
      <ul className="grid gap-2">
        {items.map((item) => (
          <li key={item} className="flex items-start gap-2 text-sm">
            <Icon
              className={`mt-0.5 size-4 shrink-0 ${done ? "text-green-600 dark:text-green-400" : "text-muted-foreground"}`}
              aria-hidden
            />
            {item}
          </li>
        ))}
      </ul>
      {count > items.length && (
        <p className="mt-3 text-sm text-muted-foreground">and {count - items.length} more on the board</p>
      )}
    </>
  );
}

export function FeaturesCard({ project }: { project: ProjectDetail }) {
  const counts = featureCounts(project);
  return (
    <Card>
      <CardHeader>
        <CardTitle size="lg">Features</CardTitle>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="completed">
          <TabsList>
            <TabsTrigger value="completed">Completed ({counts.completed})</TabsTrigger>
            <TabsTrigger value="pending">Pending ({counts.pending})</TabsTrigger>
            <TabsTrigger value="planned">Planned ({counts.planned})</TabsTrigger>
          </TabsList>
          <TabsContent value="completed">
            <FeatureList
              items={project.completedFeatures}
              count={counts.completed}
              empty="No completed features yet."
              done
            />
          </TabsContent>
          <TabsContent value="pending">
            <FeatureList items={project.pendingFeatures} count={counts.pending} empty="No pending features." />
          </TabsContent>
          <TabsContent value="planned">
            <FeatureList items={project.plannedFeatures} count={counts.planned} empty="No planned features." />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}

function Tags({ title, items, empty }: { title: string; items: string[]; empty: string }) {
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label={title}>
          {items.map((item) => (
            <li key={item}>
              <Badge variant="secondary" weight="medium">
                {item}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function SkillsCard({ project }: { project: ProjectDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle size="lg">Skills & Tech Stack</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Tags title="Skills Required" items={project.skillsRequired} empty="No skills listed." />
        <Tags title="Tech Stack" items={project.techStack} empty="No technologies listed." />
      </CardContent>
    </Card>
  );
}

/** `team`: the people on it now (the owner and every accepted member), once known. */
export function StatusCard({ project, team }: { project: ProjectDetail; team?: number }) {
  const rows = [
    [Users, "Planned Team Size", String(project.members)],
    [UserCheck, "Current Team", team === undefined ? "…" : `${team} of ${project.members}`],
    [Clock, "Duration", project.duration ?? "Not specified"],
    [DollarSign, "Budget", project.budgetRange ?? "Not specified"],
  ] as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle size="lg">Status</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <StatusBadge status={project.status} className="w-fit" />
        <dl className="grid gap-2 text-sm">
          {rows.map(([Icon, label, value]) => (
            <div key={label} className="flex items-center gap-2">
              <Icon className="size-4 text-muted-foreground" aria-hidden />
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="ml-auto text-right font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

export function OwnerCard({ project }: { project: ProjectDetail }) {
  const name = project.owner?.displayName || "Member";
  return (
    <Card>
      <CardHeader>
        <CardTitle size="lg">Project Owner</CardTitle>
      </CardHeader>
      <CardContent className="flex items-center gap-3">
        <Avatar name={name} url={project.owner?.avatarUrl ?? null} className="size-11" />
        <div className="min-w-0">
          <Link
            to="/member/$id"
            params={{ id: project.userId }}
            className="block truncate font-medium hover:underline focus-visible:underline focus-visible:outline-none"
          >
            {name}
          </Link>
          <p className="truncate text-sm text-muted-foreground">
            {project.owner?.specialization ?? "Specialization not set"}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

export function LinksCard({ project }: { project: ProjectDetail }) {
  if (!project.githubUrl && !project.demoUrl) return null;
  const link =
    "flex items-center gap-2 rounded-lg border px-3 py-2.5 text-sm font-medium transition-colors hover:bg-accent/40";
  return (
    <Card>
      <CardHeader>
        <CardTitle size="lg">Links</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        {project.githubUrl && (
          <a href={project.githubUrl} target="_blank" rel="noopener noreferrer" className={link}>
            <Code2 className="size-4 text-primary" aria-hidden />
            View on GitHub
          </a>
        )}
        {project.demoUrl && (
          <a href={project.demoUrl} target="_blank" rel="noopener noreferrer" className={link}>
            <ExternalLink className="size-4 text-primary" aria-hidden />
            Live Demo
          </a>
        )}
      </CardContent>
    </Card>
  );
}
