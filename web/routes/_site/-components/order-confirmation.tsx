import { Link } from "@tanstack/react-router";
import { ArrowRight, BookOpen, CheckCircle2, Mail, PlayCircle, Rocket } from "lucide-react";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";

const ORDER = [
  { label: "Product", value: "Crewboard Pro" },
  { label: "Amount", value: "$9.99" },
  { label: "Access", value: "Lifetime" },
] as const;

const NEXT_STEPS = [
  {
    icon: Rocket,
    title: "Get Started",
    description: "Create unlimited projects from your dashboard.",
    to: "/dashboard",
  },
  { icon: PlayCircle, title: "Tutorials", description: "Short guides to every Pro feature.", to: "/help-center" },
  { icon: BookOpen, title: "Resources", description: "How teams get the most out of Crewboard.", to: "/how-it-works" },
] as const;

/** Spec §2 'Payment success': shown once the server has Stripe's confirmation, never before. */
export function OrderConfirmation() {
  return (
    <>
      <div className="text-center">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-green-500/15 text-green-600 dark:text-green-400">
          <CheckCircle2 className="size-9" aria-hidden />
        </span>
        <h1 className="mt-6 text-4xl font-extrabold tracking-tight">Payment Successful!</h1>
        <p className="mt-3 text-lg text-muted-foreground">Welcome to Crewboard Pro. Your lifetime access is ready.</p>
      </div>

      <section aria-labelledby="order-title" className="mt-10 rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
        <h2 id="order-title" className="text-lg font-semibold">
          Order confirmation
        </h2>
        <dl className="mt-4 divide-y text-sm">
          {ORDER.map(({ label, value }) => (
            <div key={label} className="flex justify-between py-3">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
          <div className="flex items-center justify-between py-3">
            <dt className="text-muted-foreground">Status</dt>
            <dd>
              <Badge variant="success">Active</Badge>
            </dd>
          </div>
        </dl>
        <p className="mt-4 flex items-start gap-2 rounded-lg bg-muted/60 p-3 text-sm text-muted-foreground">
          <Mail className="mt-0.5 size-4 shrink-0" aria-hidden />A receipt has been sent to your e-mail address.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button size="lg" className="sm:flex-1" asChild>
            <Link to="/dashboard">
              Go to Dashboard <ArrowRight />
            </Link>
          </Button>
          <Button size="lg" variant="outline" className="sm:flex-1" asChild>
            <Link to="/help-center">Visit Help Center</Link>
          </Button>
        </div>
      </section>

      <section aria-labelledby="next-title" className="mt-10">
        <h2 id="next-title" className="mb-4 text-center text-lg font-semibold">
          What's next
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {NEXT_STEPS.map(({ icon: Icon, title, description, to }) => (
            <li key={title}>
              <Link
                to={to}
                className="flex h-full flex-col rounded-xl border bg-card p-5 shadow-sm transition-colors hover:border-primary/50 hover:bg-accent/40"
              >
                <Icon className="mb-3 size-5 text-primary" aria-hidden />
                <span className="font-semibold">{title}</span>
                <span className="mt-1 text-sm text-muted-foreground">{description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
