import type { ReactNode } from "react";

export interface LegalSection {
  title: string;
  body: ReactNode;
}

/** Today, as the legal pages' 'Last updated' line shows it (spec §2). */
const today = () => new Date().toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });

/** A legal document: title, 'Last updated', a table of contents and numbered sections. */
export function LegalPage({ title, intro, sections }: { title: string; intro: ReactNode; sections: LegalSection[] }) {
  const id = (i: number) => `section-${i + 1}`;
  return (
    <article className="mx-auto max-w-3xl px-4 py-16">
      <header className="border-b pb-8">
        <h1 className="text-4xl font-extrabold tracking-tight">{title}</h1>
        <p className="mt-3 text-sm text-muted-foreground">Last updated: {today()}</p>
        <div className="mt-6 text-lg leading-relaxed text-muted-foreground">{intro}</div>
      </header>
      <nav aria-label="Contents" className="my-8 rounded-xl border bg-muted/40 p-6">
        <h2 className="mb-3 text-sm font-semibold uppercase tracking-wider text-muted-foreground">Contents</h2>
        <ol className="gap-8 text-sm sm:columns-2 [&>li]:mb-1.5 [&>li]:break-inside-avoid">
          {sections.map((section, i) => (
            <li key={section.title}>
              <a href={`#${id(i)}`} className="text-primary underline-offset-4 hover:underline">
                {i + 1}. {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="space-y-10">
        {sections.map((section, i) => (
          <section key={section.title} id={id(i)} className="scroll-mt-24">
            <h2 className="text-2xl font-semibold tracking-tight">
              {i + 1}. {section.title}
            </h2>
            <div className="mt-3 space-y-3 leading-relaxed text-muted-foreground [&_a]:underline [&_li]:ml-5 [&_li]:list-disc [&_strong]:text-foreground [&_ul]:space-y-1.5">
              {section.body}
            </div>
          </section>
        ))}
      </div>
    </article>
  );
}
