import { createFileRoute, Link } from "@tanstack/react-router";
import { AlertTriangle, ArrowRight } from "lucide-react";
import { Button } from "../../components/ui/button";
import { pageHead } from "../../lib/head";
import { flag } from "../../lib/search";

export const Route = createFileRoute("/_site/")({
  validateSearch: (search): { reset?: boolean } => ({ reset: flag(search.reset) }),
  head: pageHead("Elevate Your Project Collaboration"),
  component: Landing,
});

function Landing() {
  const { reset } = Route.useSearch();
  return (
    <section className="relative overflow-hidden">
      <div className="absolute inset-0 -z-10 bg-gradient-to-b from-primary/10 via-background to-background" />
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-6 px-4 py-24 text-center">
        {reset && (
          <p className="inline-flex items-center gap-2 rounded-full border border-yellow-500/40 bg-yellow-500/10 px-4 py-1.5 text-sm text-yellow-800 dark:text-yellow-300">
            <AlertTriangle className="size-4" aria-hidden />
            Database was recently reset. Please create a new account to continue.
          </p>
        )}
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-6xl">Elevate Your Project Collaboration</h1>
        <p className="max-w-2xl text-lg text-muted-foreground">
          Crewboard is where developers and project teams publish projects, find teammates and work together in real time.
        </p>
        <Button size="lg" asChild>
          <Link to="/auth">
            Start for Free <ArrowRight />
          </Link>
        </Button>
      </div>
    </section>
  );
}
