import { Link } from "@tanstack/react-router";
import { ArrowRight, Star } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";
import { FEATURES, FIGURES, type Testimonial } from "./marketing";

/** A band of the public site with a centred heading. */
export function Section({
  eyebrow,
  title,
  description,
  children,
  className,
}: {
  eyebrow?: string;
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={cn("px-4 py-16 sm:py-20", className)}>
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto mb-12 max-w-2xl text-center">
          {eyebrow && <p className="mb-2 text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p>}
          <h2 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h2>
          {description && <p className="mt-4 text-lg text-muted-foreground">{description}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}

/** The top of a static page: its one h1, centred, on a soft gradient. */
export function PageHero({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <section className="relative overflow-hidden border-b bg-gradient-to-b from-primary/10 via-background to-background px-4 py-16 sm:py-20">
      <div className="mx-auto max-w-3xl text-center">
        {eyebrow && <p className="mb-3 text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p>}
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        {children && <div className="mt-5 text-lg text-muted-foreground">{children}</div>}
      </div>
    </section>
  );
}

export function FeatureGrid() {
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {FEATURES.map(({ icon: Icon, title, description }) => (
        <div key={title} className="rounded-xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-md">
          <span className="mb-4 flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <Icon className="size-5" aria-hidden />
          </span>
          <h3 className="text-lg font-semibold">{title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{description}</p>
        </div>
      ))}
    </div>
  );
}

/** The fixed marketing figures (spec §9). */
export function Figures({ className }: { className?: string }) {
  return (
    <dl className={cn("grid grid-cols-2 gap-6 sm:grid-cols-3 lg:grid-cols-5", className)}>
      {FIGURES.map(({ value, label }, i) => (
        <div key={label} className={cn("text-center", i === FIGURES.length - 1 && "col-span-2 sm:col-span-1")}>
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="order-first text-3xl font-extrabold tracking-tight text-primary sm:text-4xl">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function FiguresBand() {
  return (
    <section aria-label="Crewboard in numbers" className="border-y bg-muted/50 px-4 py-12">
      <Figures className="mx-auto max-w-5xl" />
    </section>
  );
}

export function Stars({ rating }: { rating: number }) {
  return (
    <div className="flex gap-0.5 text-amber-500" role="img" aria-label={`Rated ${rating} out of 5`}>
      {Array.from({ length: 5 }, (_, i) => (
        <Star key={i} className={cn("size-4", i < rating && "fill-current")} aria-hidden />
      ))}
    </div>
  );
}

export function TestimonialCard({
  testimonial: { name, role, company, initials, rating, content },
}: {
  testimonial: Testimonial;
}) {
  return (
    <figure className="flex flex-col gap-4 rounded-xl border bg-card p-6 shadow-sm">
      <Stars rating={rating} />
      <blockquote className="flex-1 text-sm leading-relaxed">“{content}”</blockquote>
      <figcaption className="flex items-center gap-3 border-t pt-4">
        <span
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/15 text-sm font-semibold text-primary"
          aria-hidden
        >
          {initials}
        </span>
        <span className="text-sm">
          <span className="block font-semibold">{name}</span>
          <span className="text-muted-foreground">
            {role}, {company}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}

/** The closing call to action of a marketing page. */
export function CallToAction({ title, description }: { title: string; description: string }) {
  return (
    <section className="px-4 pb-20">
      <div className="mx-auto max-w-5xl rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground shadow-lg sm:px-12">
        <h2 className="text-3xl font-bold tracking-tight">{title}</h2>
        <p className="mx-auto mt-3 max-w-xl opacity-90">{description}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button
            size="lg"
            variant={null}
            className="border border-transparent bg-background text-foreground hover:bg-background/90 hover:text-accent-foreground"
            asChild
          >
            <Link to="/auth" search={{ tab: "signup" }}>
              Create Your Free Account <ArrowRight />
            </Link>
          </Button>
          <Button
            size="lg"
            variant={null}
            className="text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground"
            asChild
          >
            <Link to="/pricing">See Pricing</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
