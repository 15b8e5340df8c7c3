import { Link } from "@tanstack/react-router";
import { Sparkles } from "lucide-react";
import { FREE_PLAN_LIMIT_REACHED } from "@core/project-rules";
import type { RouterOutputs } from "@web/lib/types";
import { Button } from "../ui/button";

type MemberFigures = RouterOutputs["projects"]["myStats"];

/** 'n of 3 projects used' on the free plan; nothing for Pro, which has no limit. */
export function PlanUsage({ figures }: { figures: MemberFigures }) {
  if (figures.limit === null) return null;
  const used = Math.min(figures.owned, figures.limit);
  return (
    <p className="text-sm text-muted-foreground" data-testid="plan-usage">
      <span className="font-medium text-foreground">
        {used} of {figures.limit} projects used
      </span>{" "}
      on the free plan.
    </p>
  );
}

/** Why no more projects can be created, and the way to Pro: its purchase on the pricing page. */
export function PlanLimitReached({ reason = FREE_PLAN_LIMIT_REACHED }: { reason?: string }) {
  return (
    <div role="alert" className="grid gap-3 rounded-lg border border-primary/30 bg-primary/5 p-4 text-sm">
      <p className="flex items-center gap-2 font-semibold">
        <Sparkles className="size-4 text-primary" aria-hidden />
        Project limit reached
      </p>
      <p className="text-muted-foreground">{reason}</p>
      <p className="text-muted-foreground">Pro is a one-time $9.99 for unlimited projects, yours for life.</p>
      <Button asChild className="w-fit">
        <Link to="/pricing">Upgrade to Pro</Link>
      </Button>
    </div>
  );
}
