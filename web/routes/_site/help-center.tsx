import { createFileRoute } from "@tanstack/react-router";
import { BookOpen, Mail, MessageCircle, PlayCircle, Plug, Search, UsersRound } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { pageHead } from "@web/lib/head";
import { notify } from "@web/lib/toast";
import { SUPPORT_EMAIL } from "./-components/marketing";
import { PageHero, Section } from "./-components/sections";

export const Route = createFileRoute("/_site/help-center")({
  head: pageHead(
    "Help Center",
    "Guides and answers for Crewboard members: getting started, collaboration, tutorials and integrations.",
  ),
  component: HelpCenter,
});

const CATEGORIES = [
  { icon: BookOpen, title: "Getting Started", articles: 12, description: "Accounts, onboarding and your profile." },
  { icon: UsersRound, title: "Collaboration", articles: 8, description: "Projects, friends, requests and chats." },
  { icon: PlayCircle, title: "Video Tutorials", articles: 15, description: "Short walkthroughs of every screen." },
  { icon: Plug, title: "Integrations", articles: 6, description: "GitHub, live demos and Google sign-in." },
] as const;

const ARTICLES = [
  {
    category: "Getting Started",
    title: "Creating your account",
    body: "Open Sign Up, enter your display name, e-mail and a password of at least 6 characters, or continue with Google. We send a link to confirm your e-mail address.",
  },
  {
    category: "Getting Started",
    title: "Completing your profile",
    body: "The four-step setup asks for your display name, developer type, experience level, region and the kinds of projects you like. You can change everything later in Settings.",
  },
  {
    category: "Collaboration",
    title: "Creating your first project",
    body: "On the dashboard choose Create Project, give it a title and a category, then add the skills, tech stack and features you plan. Free accounts hold up to 3 projects.",
  },
  {
    category: "Collaboration",
    title: "Adding friends by e-mail",
    body: "In Friends choose Add Friend and enter their e-mail address. They see your request under Requests and can accept or reject it; you can cancel it until they answer.",
  },
  {
    category: "Collaboration",
    title: "Starting a group chat",
    body: "In Friends choose Create Group, name the group and pick friends to invite. Messages arrive live for everyone in the chat.",
  },
  {
    category: "Collaboration",
    title: "Tracking progress with feature lists",
    body: "Each project keeps planned, pending and completed features. Move items between the lists and set the progress slider so your team sees where things stand.",
  },
  {
    category: "Integrations",
    title: "Linking GitHub and a live demo",
    body: "Edit a project and paste its GitHub repository and demo addresses. Visitors then see 'View on GitHub' and 'Live Demo' on the project page.",
  },
  {
    category: "Getting Started",
    title: "Upgrading to Lifetime Access",
    body: "Open Pricing and choose Get Lifetime Access. After a one-time payment of $9.99 your account is Pro for life, with a 30-day money-back guarantee.",
  },
] as const;

function matches(article: (typeof ARTICLES)[number], query: string) {
  const text = `${article.title} ${article.body} ${article.category}`.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word));
}

function HelpCenter() {
  const [query, setQuery] = useState("");
  const deferredQuery = useDeferredValue(query);
  const shown = ARTICLES.filter((article) => matches(article, deferredQuery));

  return (
    <>
      <PageHero eyebrow="Support" title="Help Center">
        <p>Guides and answers for Crewboard members.</p>
        <div className="relative mx-auto mt-8 max-w-xl">
          <Search
            className="pointer-events-none absolute left-4 top-1/2 size-5 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            type="search"
            aria-label="Search articles"
            placeholder="Search for help articles..."
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            look="hero"
            className="pl-12"
          />
        </div>
      </PageHero>

      <Section title="Browse by category">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {CATEGORIES.map(({ icon: Icon, title, articles, description }) => (
            <li key={title} className="rounded-xl border bg-card p-6 shadow-sm">
              <span className="mb-4 flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon className="size-5" aria-hidden />
              </span>
              <h3 className="font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{description}</p>
              <p className="mt-3 text-sm font-medium text-primary">{articles} articles</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Popular articles" className="bg-muted/40 pt-12 sm:pt-12">
        <div className="mx-auto max-w-3xl">
          <p className="mb-4 text-sm text-muted-foreground" role="status">
            {deferredQuery.trim()
              ? `${shown.length} article${shown.length === 1 ? "" : "s"} found for “${deferredQuery.trim()}”`
              : `${ARTICLES.length} popular articles`}
          </p>
          {shown.length ? (
            <ul aria-label="Articles" className="divide-y rounded-xl border bg-card">
              {shown.map((article) => (
                <li key={article.title}>
                  <details className="group px-6 py-4 [&_summary::-webkit-details-marker]:hidden">
                    <summary className="flex cursor-pointer list-none flex-wrap items-center justify-between gap-2 rounded-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring">
                      {article.title}
                      <Badge variant="secondary">{article.category}</Badge>
                    </summary>
                    <p className="mt-3 text-sm leading-relaxed text-muted-foreground">{article.body}</p>
                  </details>
                </li>
              ))}
            </ul>
          ) : (
            <div className="rounded-xl border border-dashed bg-card p-10 text-center">
              <p className="font-medium">No articles match your search</p>
              <p className="mt-1 text-sm text-muted-foreground">Try other words, or ask us directly below.</p>
            </div>
          )}
        </div>
      </Section>

      <Section title="Still need help?" description="Our team answers every question, usually within one business day.">
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          <Button
            size="lg"
            onClick={() => notify.info("Coming Soon", `Live chat is on its way. Meanwhile, write to ${SUPPORT_EMAIL}.`)}
          >
            <MessageCircle aria-hidden /> Start Live Chat
          </Button>
          <Button size="lg" variant="outline" asChild>
            <a href={`mailto:${SUPPORT_EMAIL}`}>
              <Mail aria-hidden /> Email Support
            </a>
          </Button>
        </div>
      </Section>
    </>
  );
}
