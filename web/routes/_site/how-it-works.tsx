import { createFileRoute } from "@tanstack/react-router";
import { CheckCircle2, FolderPlus, Rocket, UserPlus, UsersRound } from "lucide-react";
import { pageHead } from "@web/lib/head";
import { CallToAction, PageHero, Section } from "./-components/sections";

export const Route = createFileRoute("/_site/how-it-works")({
  head: pageHead(
    "How It Works",
    "Sign up, create a project, collaborate and track progress, and ship: how Crewboard works in four steps.",
  ),
  component: HowItWorks,
});

const STEPS = [
  {
    icon: UserPlus,
    title: "Sign Up",
    description:
      "Create a free account with your e-mail or Google, then tell us your skills, experience and the projects you care about in a short four-step setup.",
  },
  {
    icon: FolderPlus,
    title: "Create a Project",
    description:
      "Describe your idea, pick a category, list the skills and tech stack you need and plan the features you want to build.",
  },
  {
    icon: UsersRound,
    title: "Collaborate & Track",
    description:
      "Add teammates as friends, talk in private or group chats, and move features from planned to pending to completed as the work gets done.",
  },
  {
    icon: Rocket,
    title: "Achieve Success",
    description:
      "Ship your release, link the live demo and the code, and show a finished project on your profile for your next crew to see.",
  },
] as const;

const BENEFITS = [
  "Find teammates by skill, specialization and region",
  "See every project's progress at a glance",
  "Chat live with one teammate or the whole group",
  "Keep planned, pending and completed features in one place",
  "Start free with up to 3 projects, no card needed",
  "Upgrade once to Pro for unlimited projects, for life",
] as const;

function HowItWorks() {
  return (
    <>
      <PageHero title="How It Works">From sign-up to a shipped project in four steps.</PageHero>

      <Section title="Four steps to your next launch">
        <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {STEPS.map(({ icon: Icon, title, description }, i) => (
            <li key={title} className="relative rounded-xl border bg-card p-6 shadow-sm">
              <span className="absolute right-5 top-4 text-5xl font-extrabold text-primary/15" aria-hidden>
                {i + 1}
              </span>
              <span className="mb-4 flex size-11 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                <Icon className="size-5" aria-hidden />
              </span>
              <h3 className="text-lg font-semibold">
                <span className="sr-only">Step {i + 1}: </span>
                {title}
              </h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{description}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section title="Why teams choose Crewboard" className="bg-muted/40">
        <ul className="mx-auto grid max-w-4xl gap-4 sm:grid-cols-2">
          {BENEFITS.map((benefit) => (
            <li key={benefit} className="flex items-start gap-3 rounded-lg border bg-card p-4">
              <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-green-600 dark:text-green-400" aria-hidden />
              <span>{benefit}</span>
            </li>
          ))}
        </ul>
      </Section>

      <div className="pt-16">
        <CallToAction
          title="Ready for step one?"
          description="Sign up free and publish your first project in minutes."
        />
      </div>
    </>
  );
}
