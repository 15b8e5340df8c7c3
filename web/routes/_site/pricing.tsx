import { createFileRoute, Link } from "@tanstack/react-router";
import { Check, ShieldCheck } from "lucide-react";
import { lazy, useId, type ReactNode } from "react";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";
import { pageHead } from "@web/lib/head";
import { AfterPaint } from "@web/components/after-paint";
import { FiguresBand, PageHero, Section } from "./-components/sections";

// It asks who is signed in, so its code (and the query cache) comes after the page has painted.
const LifetimeAccess = lazy(() => import("./-components/lifetime-button"));

export const Route = createFileRoute("/_site/pricing")({
  head: pageHead(
    "Pricing",
    "Start free with up to 3 projects, or get Crewboard Pro for life with a one-time payment of $9.99.",
  ),
  component: Pricing,
});

const FREE_FEATURES = [
  "Up to 3 projects",
  "Basic collaboration",
  "Standard templates",
  "Community support",
  "Mobile app access",
];

const PRO_FEATURES = [
  "Unlimited projects",
  "Real-time collaboration",
  "Custom templates (coming soon)",
  "Priority support",
  "Team management",
  "Export and reporting",
  "Mobile app access",
  "Community chat group",
  "Premium support",
  "Early access to new features",
];

const ENTERPRISE_FEATURES = [
  "Everything in Lifetime Access",
  "Dedicated account manager",
  "Custom integrations",
  "Advanced security reviews",
  "Onboarding and training for your team",
];

const FAQ = [
  {
    question: "Is the lifetime plan really a one-time payment?",
    answer:
      "Yes. You pay $9.99 once and keep Pro for as long as Crewboard runs. There is no subscription and nothing renews.",
  },
  {
    question: "Do I get future updates?",
    answer:
      "Every update and new Pro feature we release is included at no extra cost, and Pro members get early access to new features.",
  },
  {
    question: "What if I'm not satisfied?",
    answer:
      "Every purchase comes with a 30-day money-back guarantee. Write to us within 30 days of your purchase and we will refund you in full.",
  },
  {
    question: "Is there a limit on team size?",
    answer: "No. Invite as many teammates to your projects and group chats as you like, on any plan.",
  },
  {
    question: "Can I start free and upgrade later?",
    answer:
      "Of course. Start on the free plan with up to 3 projects and upgrade whenever you need more; your projects, friends and chats stay exactly where they are.",
  },
  {
    question: "Which payment methods do you accept?",
    answer:
      "All major credit and debit cards and a digital wallet. Payments are processed securely by our card payment provider; we never see or store your card number.",
  },
];

function Plan({
  name,
  price,
  period,
  description,
  features,
  action,
  popular = false,
}: {
  name: string;
  price: string;
  period?: string;
  description: string;
  features: string[];
  action: ReactNode;
  popular?: boolean;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        "relative flex flex-col rounded-2xl bg-card p-8",
        popular ? "border-2 border-primary shadow-xl lg:-my-4 lg:py-12" : "border shadow-sm",
      )}
    >
      {popular && (
        <Badge
          size={null}
          className="absolute -top-3 left-1/2 -translate-x-1/2 gap-1 px-3 py-1 text-xs tracking-wide whitespace-nowrap"
        >
          MOST POPULAR
        </Badge>
      )}
      <h2 id={headingId} className="text-xl font-semibold">
        {name}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      <p className="mt-6 flex items-baseline gap-2">
        <span className="text-5xl font-extrabold tracking-tight">{price}</span>
        {period && <span className="text-sm text-muted-foreground">{period}</span>}
      </p>
      <ul className="mt-8 flex-1 space-y-3 text-sm">
        {features.map((feature) => (
          <li key={feature} className="flex items-start gap-3">
            <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-8">{action}</div>
    </section>
  );
}

function Pricing() {
  return (
    <>
      <PageHero title="Pricing">Start free. Pay once for Pro and keep it for life.</PageHero>

      <div className="px-4 py-16">
        <div className="mx-auto grid max-w-6xl items-stretch gap-8 lg:grid-cols-3">
          <Plan
            name="Free"
            price="$0"
            period="forever"
            description="For trying Crewboard on your first projects."
            features={FREE_FEATURES}
            action={
              <Button size="lg" variant="outline" className="w-full" asChild>
                <Link to="/auth" search={{ tab: "signup" }}>
                  Get Started Free
                </Link>
              </Button>
            }
          />
          <Plan
            name="Lifetime Access"
            price="$9.99"
            period="one-time"
            description="Pro for life: everything, for one payment."
            features={PRO_FEATURES}
            popular
            action={
              <div className="space-y-3">
                <AfterPaint
                  fallback={
                    <Button size="lg" className="w-full" disabled>
                      Get Lifetime Access
                    </Button>
                  }
                >
                  <LifetimeAccess />
                </AfterPaint>
                <p className="flex items-center justify-center gap-1.5 text-xs text-muted-foreground">
                  <ShieldCheck className="size-4 text-green-600 dark:text-green-400" aria-hidden />
                  30-day money-back guarantee
                </p>
              </div>
            }
          />
          <Plan
            name="Enterprise"
            price="Custom"
            description="For organisations with larger teams and special needs."
            features={ENTERPRISE_FEATURES}
            action={
              <Button size="lg" variant="outline" className="w-full" asChild>
                <Link to="/contact">Contact Sales</Link>
              </Button>
            }
          />
        </div>
      </div>

      <FiguresBand />

      <Section title="Frequently Asked Questions" description="Everything you need to know before you choose a plan.">
        <div className="mx-auto max-w-3xl divide-y rounded-xl border bg-card">
          {FAQ.map(({ question, answer }) => (
            <details key={question} className="group px-6 py-4 [&_summary::-webkit-details-marker]:hidden">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-sm py-1 font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring">
                {question}
                <span
                  className="text-xl leading-none text-muted-foreground transition-transform group-open:rotate-45"
                  aria-hidden
                >
                  +
                </span>
              </summary>
              <p className="mt-3 text-sm leading-relaxed text-muted-foreground">{answer}</p>
            </details>
          ))}
        </div>
      </Section>
    </>
  );
}
