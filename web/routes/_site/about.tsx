import { createFileRoute } from "@tanstack/react-router";
import { Target } from "lucide-react";
import { pageHead } from "@web/lib/head";
import { CallToAction, FeatureGrid, FiguresBand, PageHero, Section } from "./-components/sections";

export const Route = createFileRoute("/_site/about")({
  head: pageHead(
    "About Crewboard",
    "Crewboard is built for developers who build together: our mission and what the platform offers.",
  ),
  component: About,
});

function About() {
  return (
    <>
      <PageHero eyebrow="About us" title="About Crewboard">
        Built for developers who build together.
      </PageHero>

      <section className="px-4 py-16">
        <div className="mx-auto flex max-w-3xl flex-col items-center gap-5 rounded-2xl border bg-card p-8 text-center shadow-sm sm:p-12">
          <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Target className="size-6" aria-hidden />
          </span>
          <h2 className="text-3xl font-bold tracking-tight">Our Mission</h2>
          <p className="text-lg leading-relaxed text-muted-foreground">
            Great software is rarely built alone. Our mission is to help every developer find the people and the
            projects that make their work matter: to turn a promising idea and a handful of strangers into a team that
            ships. We keep Crewboard simple, fast and honest, with a free plan that stays useful and a single fair price
            for everything else.
          </p>
        </div>
      </section>

      <FiguresBand />

      <Section
        eyebrow="What we offer"
        title="One place for the whole crew"
        description="Six things Crewboard does so you can focus on building."
      >
        <FeatureGrid />
      </Section>

      <CallToAction title="Come build with us" description="Join thousands of developers collaborating on Crewboard." />
    </>
  );
}
