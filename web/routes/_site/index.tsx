import { createFileRoute, Link } from "@tanstack/react-router";
import { AlertTriangle, ArrowRight, CheckCircle2 } from "lucide-react";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { pageHead } from "@web/lib/head";
import { flag } from "@web/lib/search";
import { TESTIMONIALS } from "./-components/marketing";
import { CallToAction, FeatureGrid, FiguresBand, Section, TestimonialCard } from "./-components/sections";

export const Route = createFileRoute("/_site/")({
  validateSearch: (search): { reset?: boolean } => ({ reset: flag(search.reset) }),
  head: pageHead(
    "Elevate Your Project Collaboration",
    "Publish projects, find teammates and build together in real time. Crewboard is free to start.",
  ),
  component: Landing,
});

const HIGHLIGHTS = ["Free plan, no card needed", "Up to 3 projects free", "Lifetime Pro for $9.99"];

function Landing() {
  const { reset } = Route.useSearch();
  return (
    <>
      <section className="relative overflow-hidden px-4">
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-[radial-gradient(60%_50%_at_50%_0%,var(--color-primary)_0%,transparent_100%)] opacity-15"
        />
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 py-20 text-center sm:py-28">
          {reset && (
            <Badge
              variant="warning"
              size={null}
              weight="medium"
              role="status"
              className="gap-2 px-4 py-1.5 text-sm whitespace-normal"
            >
              <AlertTriangle className="size-4! shrink-0" aria-hidden />
              Database was recently reset. Please create a new account to continue.
            </Badge>
          )}
          <Badge variant="secondary" size={null} weight="medium" className="gap-1 px-3 py-1 text-sm whitespace-nowrap">
            For developers and project teams
          </Badge>
          <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">
            Elevate Your Project Collaboration
          </h1>
          <p className="max-w-2xl text-lg text-muted-foreground text-balance sm:text-xl">
            Publish your projects, find teammates with the right skills and build together with live chat and clear
            progress tracking.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button size="lg" asChild>
              <Link to="/auth" search={{ tab: "signup" }}>
                Start for Free <ArrowRight />
              </Link>
            </Button>
            <Button size="lg" variant="outline" asChild>
              <Link to="/how-it-works">How It Works</Link>
            </Button>
          </div>
          <ul className="flex flex-col gap-x-6 gap-y-2 text-sm text-muted-foreground sm:flex-row">
            {HIGHLIGHTS.map((highlight) => (
              <li key={highlight} className="flex items-center justify-center gap-1.5">
                <CheckCircle2 className="size-4 text-green-600 dark:text-green-400" aria-hidden />
                {highlight}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <FiguresBand />

      <Section
        eyebrow="Features"
        title="Everything your crew needs"
        description="From the first idea to the final release, Crewboard keeps people, progress and conversations together."
      >
        <FeatureGrid />
      </Section>

      <Section
        eyebrow="Testimonials"
        title="Loved by builders everywhere"
        description="Developers, designers and product people use Crewboard to ship projects with the right team."
        className="bg-muted/40"
      >
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {TESTIMONIALS.map((testimonial) => (
            <TestimonialCard key={testimonial.name} testimonial={testimonial} />
          ))}
        </div>
      </Section>

      <div className="pt-16">
        <CallToAction
          title="Ready to build with your crew?"
          description="Create a free account in under a minute and publish your first project today."
        />
      </div>
    </>
  );
}
