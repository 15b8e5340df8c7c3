import { Link } from "@tanstack/react-router";
import { ProBadge } from "@web/components/pro-badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { trpc } from "@web/lib/trpc";
import { FREE_PLAN_PROJECT_LIMIT } from "@core/enums";

const purchaseDate = (date: Date) =>
  date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });

/** Settings: the member's plan, with the date Pro was bought, or the way to it. */
export function PlanCard() {
  const plan = trpc.billing.plan.useQuery();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Plan</CardTitle>
        <CardDescription>What your account includes.</CardDescription>
      </CardHeader>
      <CardContent>
        {plan.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading your plan...
          </p>
        ) : plan.isError ? (
          <p className="text-sm text-muted-foreground">Your plan could not be loaded. Please reload the page.</p>
        ) : plan.data.pro ? (
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-muted-foreground">Plan</dt>
              <dd className="mt-1 flex items-center gap-2 font-semibold">
                Lifetime Access <ProBadge />
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Purchased</dt>
              <dd className="mt-1 font-semibold">
                {plan.data.purchasedAt ? purchaseDate(plan.data.purchasedAt) : "—"}
              </dd>
            </div>
          </dl>
        ) : (
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="text-sm">
              <p className="font-semibold">Free</p>
              <p className="mt-1 text-muted-foreground">Up to {FREE_PLAN_PROJECT_LIMIT} projects.</p>
            </div>
            <Button asChild>
              <Link to="/pricing">Upgrade to Pro</Link>
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
