import { Link } from "@tanstack/react-router";
import {
  BarChart3,
  CheckCircle2,
  ChevronRight,
  Clock,
  FolderKanban,
  FolderOpen,
  Handshake,
  Inbox,
  MessageSquare,
  Palette,
  Search,
  ShoppingCart,
  Smartphone,
  Code2,
  Megaphone,
  UserPlus,
  Users,
  type LucideIcon,
} from "lucide-react";
import { DASHBOARD_CATEGORIES } from "@core/project-rules";
import { StatusBadge } from "@web/components/projects/status-badge";
import { Badge } from "@web/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Progress } from "@web/components/ui/progress";
import type { RouterOutputs } from "@web/lib/types";
import { teamLine } from "@web/components/projects/team-line";

type Stats = RouterOutputs["projects"]["stats"];
type MemberFigures = RouterOutputs["projects"]["myStats"];
type RecentProject = RouterOutputs["projects"]["recent"][number];

const STAT_CARDS: {
  key: "active" | "completed" | "inProgress" | "teamMembers";
  label: string;
  icon: LucideIcon;
  tint: string;
}[] = [
  {
    key: "active",
    label: "Active Projects",
    icon: FolderOpen,
    tint: "text-green-600 bg-green-500/10 dark:text-green-400",
  },
  {
    key: "completed",
    label: "Completed Projects",
    icon: CheckCircle2,
    tint: "text-purple-600 bg-purple-500/10 dark:text-purple-400",
  },
  { key: "inProgress", label: "In Progress", icon: Clock, tint: "text-blue-600 bg-blue-500/10 dark:text-blue-400" },
  {
    key: "teamMembers",
    label: "Team Members",
    icon: Users,
    tint: "text-amber-600 bg-amber-500/10 dark:text-amber-400",
  },
];

const CATEGORY_ICONS: Record<(typeof DASHBOARD_CATEGORIES)[number], LucideIcon> = {
  "Web Development": Code2,
  "Mobile Apps": Smartphone,
  "UI/UX Design": Palette,
  "Data Science": BarChart3,
  "Digital Marketing": Megaphone,
  "E-commerce": ShoppingCart,
};

/**
 * 12,345: whole counts grouped by hand, as an `Intl.NumberFormat` made on the dashboard's start
 * cost it 3–16 ms (docs/PERFORMANCE.md).
 */
const grouped = (count: number) => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
const Skeleton = () => <span className="inline-block h-7 w-14 animate-pulse rounded bg-muted" aria-hidden />;

/** One figure: its label, its value (or a placeholder while loading), read out together. */
function Figure({ label, value, icon: Icon, tint }: { label: string; value?: number; icon: LucideIcon; tint: string }) {
  return (
    <Card className="flex h-full items-center gap-4 p-4 sm:p-5">
      <span className={`hidden rounded-lg p-2.5 sm:block ${tint}`}>
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-2xl font-bold" aria-label={`${label}: ${value ?? "loading"}`}>
          {value === undefined ? <Skeleton /> : grouped(value)}
        </p>
      </div>
    </Card>
  );
}

/** The spec's four figures. They count every project on the site, and say so. */
export function StatCards({ stats }: { stats?: Stats }) {
  return (
    <section aria-labelledby="site-figures-heading">
      <div className="mb-4 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id="site-figures-heading" className="text-xl font-semibold">
          Across Crewboard
        </h2>
        <p className="text-sm text-muted-foreground">Every project on the site, not only yours.</p>
      </div>
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4" aria-label="Site-wide figures">
        {STAT_CARDS.map(({ key, ...card }) => (
          <li key={key}>
            <Figure {...card} value={stats?.[key]} />
          </li>
        ))}
      </ul>
    </section>
  );
}

const MY_FIGURES = [
  {
    key: "owned",
    label: "My Projects",
    icon: FolderKanban,
    tint: "text-primary bg-primary/10",
  },
  {
    key: "joined",
    label: "Projects Joined",
    icon: Handshake,
    tint: "text-sky-600 bg-sky-500/10 dark:text-sky-400",
  },
  {
    key: "waiting",
    label: "Join Requests Waiting",
    icon: Inbox,
    tint: "text-rose-600 bg-rose-500/10 dark:text-rose-400",
  },
] as const;

/** The member's own counts: what they own, what they joined, and who waits for their answer. */
export function MyFigures({ figures }: { figures?: MemberFigures }) {
  return (
    <section aria-labelledby="my-figures-heading">
      <h2 id="my-figures-heading" className="mb-4 text-xl font-semibold">
        Your Projects
      </h2>
      <ul className="grid grid-cols-3 gap-3 sm:gap-4" aria-label="Your figures">
        {MY_FIGURES.map(({ key, ...card }) => (
          <li key={key}>
            <Figure {...card} value={figures?.[key]} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function CategoryCards({ counts }: { counts?: Stats["categories"] }) {
  return (
    <section aria-labelledby="categories-heading">
      <h2 id="categories-heading" className="mb-4 text-xl font-semibold">
        Browse by Category
      </h2>
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-6">
        {DASHBOARD_CATEGORIES.map((category) => {
          const Icon = CATEGORY_ICONS[category];
          return (
            <li key={category}>
              <Link
                to="/all-projects"
                search={{ category }}
                className="flex h-full flex-col gap-2 rounded-xl border bg-card p-4 transition-colors hover:border-primary hover:bg-accent/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <Icon className="size-6 text-primary" aria-hidden />
                <span className="font-medium">{category}</span>
                <span className="text-sm text-muted-foreground">
                  {counts ? `${grouped(counts[category])} ${counts[category] === 1 ? "project" : "projects"}` : "…"}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function RecentProjects({ projects }: { projects?: RecentProject[] }) {
  return (
    <Card className="lg:col-span-2">
      <CardHeader direction="row" className="gap-1.5">
        <CardTitle size="lg">Recent Projects</CardTitle>
        <Link to="/my-projects" className="text-sm font-medium text-primary hover:underline">
          View all
        </Link>
      </CardHeader>
      <CardContent>
        {!projects ? (
          <div className="grid gap-3" role="status" aria-label="Loading recent projects">
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-16 animate-pulse rounded-lg bg-muted" />
            ))}
          </div>
        ) : projects.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">
            No recent projects found. Create your first project to get started!
          </p>
        ) : (
          <ul className="grid gap-3" aria-label="Recent projects">
            {projects.map((project) => (
              <li key={project.id}>
                <Link
                  to="/project/$id"
                  params={{ id: project.id }}
                  className="grid gap-2 rounded-lg border p-3 transition-colors hover:bg-accent/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-medium">{project.title}</span>
                    <span className="flex flex-wrap items-center gap-2">
                      <span className="text-sm text-muted-foreground">{teamLine(project)}</span>
                      {project.joined && <Badge variant="outline">Joined</Badge>}
                      <StatusBadge status={project.status} />
                    </span>
                  </div>
                  <div className="flex items-center gap-3 text-sm text-muted-foreground">
                    <span className="shrink-0">{project.category}</span>
                    <Progress value={project.progress} thin aria-label={`Progress ${project.progress}%`} />
                    <span className="shrink-0">{project.progress}%</span>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

const QUICK_ACTIONS = [
  { label: "View All Projects", to: "/all-projects", icon: Search },
  { label: "Check Requests", to: "/friends", icon: UserPlus },
  { label: "View Messages", to: "/friends", icon: MessageSquare },
] as const;

export function QuickActions() {
  return (
    <Card>
      <CardHeader>
        <CardTitle size="lg">Quick Actions</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2">
          {QUICK_ACTIONS.map(({ label, to, icon: Icon }) => (
            <li key={label}>
              <Link
                to={to}
                className="flex items-center gap-3 rounded-lg border px-3 py-2.5 text-sm font-medium transition-colors hover:bg-accent/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <Icon className="size-4 text-primary" aria-hidden />
                {label}
                <ChevronRight className="ml-auto size-4 text-muted-foreground" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
