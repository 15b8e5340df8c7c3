import { Link } from "@tanstack/react-router";
import { CheckCircle2, Clock, Code2, DollarSign, ExternalLink, Users } from "lucide-react";
import type { ReactNode } from "react";
import { CARD_TECHNOLOGIES } from "@core/project-rules";
import { Badge } from "../ui/badge";
import { Card } from "../ui/card";
import { Progress } from "../ui/progress";
import { ProjectImage } from "./project-image";
import { StatusBadge } from "./status-badge";
import type { ProjectSummary } from "./types";
import { teamLine } from "./team-line";

const externalLink = "relative z-10 inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline";

/**
 * One project in a grid. The title link stretches over the whole card, so a click anywhere
 * opens the project, while the Code and Demo links and any `actions` stay their own targets.
 */
export function ProjectCard({ project, actions }: { project: ProjectSummary; actions?: ReactNode }) {
  const extraTech = project.techStack.length - CARD_TECHNOLOGIES;
  return (
    <Card className="group relative flex flex-col overflow-hidden transition-shadow hover:shadow-md focus-within:ring-2 focus-within:ring-ring">
      <div className="relative">
        <ProjectImage id={project.id} className="h-40" />
        <StatusBadge status={project.status} className="absolute top-3 left-3 shadow-sm" />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-col gap-1.5">
          <Badge variant="outline" weight="medium" className="w-fit">
            {project.category}
          </Badge>
          <h3 className="line-clamp-2 text-lg font-semibold leading-snug">
            <Link
              to="/project/$id"
              params={{ id: project.id }}
              className="after:absolute after:inset-0 focus-visible:outline-none group-hover:text-primary"
            >
              {project.title}
            </Link>
          </h3>
          {project.description && <p className="line-clamp-2 text-sm text-muted-foreground">{project.description}</p>}
        </div>

        <div className="grid gap-1.5">
          <div className="flex justify-between text-sm">
            <span className="text-muted-foreground">Progress</span>
            <span className="font-medium">{project.progress}%</span>
          </div>
          <Progress value={project.progress} aria-label={`Progress ${project.progress}%`} />
        </div>

        <ul className="grid grid-cols-2 gap-x-3 gap-y-1.5 text-sm text-muted-foreground">
          <li className="flex items-center gap-1.5">
            <Users className="size-4 shrink-0" aria-hidden />
            {teamLine(project)}
          </li>
          {project.duration && (
            <li className="flex min-w-0 items-center gap-1.5">
              <Clock className="size-4 shrink-0" aria-hidden />
              <span className="truncate">{project.duration}</span>
            </li>
          )}
          {project.budgetRange && (
            <li className="flex min-w-0 items-center gap-1.5">
              <DollarSign className="size-4 shrink-0" aria-hidden />
              <span className="truncate">{project.budgetRange}</span>
            </li>
          )}
          <li className="flex items-center gap-1.5">
            <CheckCircle2 className="size-4 shrink-0" aria-hidden />
            {project.completedFeatureCount} completed
          </li>
        </ul>

        {project.techStack.length > 0 && (
          <div className="flex flex-wrap gap-1.5">
            {project.techStack.slice(0, CARD_TECHNOLOGIES).map((tech) => (
              <Badge key={tech} variant="secondary" weight="medium">
                {tech}
              </Badge>
            ))}
            {extraTech > 0 && (
              <Badge variant="outline" weight="medium">
                +{extraTech} more
              </Badge>
            )}
          </div>
        )}

        {(project.githubUrl || project.demoUrl || actions) && (
          <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-2 border-t pt-3">
            {project.githubUrl && (
              <a href={project.githubUrl} target="_blank" rel="noopener noreferrer" className={externalLink}>
                <Code2 className="size-4" aria-hidden />
                Code
              </a>
            )}
            {project.demoUrl && (
              <a href={project.demoUrl} target="_blank" rel="noopener noreferrer" className={externalLink}>
                <ExternalLink className="size-4" aria-hidden />
                Demo
              </a>
            )}
            {actions && <div className="relative z-10 ml-auto flex flex-wrap justify-end gap-2">{actions}</div>}
          </div>
        )}
      </div>
    </Card>
  );
}

/** The shape of a card while its page loads. */
export function ProjectCardSkeleton() {
  return (
    <Card className="overflow-hidden" aria-hidden>
      <div className="h-40 animate-pulse bg-muted" />
      <div className="grid gap-3 p-5">
        <div className="h-4 w-24 animate-pulse rounded bg-muted" />
        <div className="h-5 w-3/4 animate-pulse rounded bg-muted" />
        <div className="h-4 w-full animate-pulse rounded bg-muted" />
        <div className="h-2 w-full animate-pulse rounded bg-muted" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-muted" />
      </div>
    </Card>
  );
}
