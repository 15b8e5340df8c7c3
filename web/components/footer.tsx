import { Link } from "@tanstack/react-router";
import { Brand } from "./brand";

const GROUPS = [
  {
    title: "Product",
    links: [
      { to: "/how-it-works", label: "How It Works" },
      { to: "/pricing", label: "Pricing" },
      { to: "/about", label: "About" },
    ],
  },
  {
    title: "Support",
    links: [
      { to: "/help-center", label: "Help Center" },
      { to: "/contact", label: "Contact" },
    ],
  },
  {
    title: "Legal",
    links: [
      { to: "/privacy-policy", label: "Privacy Policy" },
      { to: "/terms", label: "Terms of Service" },
    ],
  },
] as const;

type FooterLink = (typeof GROUPS)[number]["links"][number];
const ALL_LINKS = GROUPS.flatMap((group): readonly FooterLink[] => group.links);
const COPYRIGHT = "© 2025 Crewboard. All rights reserved.";

/** The public site's footer: the brand and every page a visitor may look for, grouped. */
export function Footer() {
  return (
    <footer className="border-t bg-muted/30 text-sm">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr]">
        <div className="space-y-3">
          <Brand />
          <p className="max-w-xs text-muted-foreground">Elevate Your Project Collaboration.</p>
        </div>
        {GROUPS.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="mb-3 font-semibold">{group.title}</h2>
            <ul className="space-y-2">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-muted-foreground transition-colors hover:text-foreground">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-7xl px-4 py-5 text-muted-foreground">{COPYRIGHT}</p>
      </div>
    </footer>
  );
}

/**
 * The signed-in layout's footer: one quiet line under the member's work, with the same pages as
 * the site's (a member looks for help or the terms there too), wrapping on a phone.
 */
export function CompactFooter() {
  return (
    <footer className="border-t text-xs text-muted-foreground">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-1 px-4 py-2">
        <p>{COPYRIGHT}</p>
        <nav aria-label="Site">
          <ul className="flex flex-wrap gap-x-4">
            {ALL_LINKS.map((link) => (
              <li key={link.to}>
                {/* 24 px tall: wrapped on a phone, a row of small links is still easy to tap. */}
                <Link to={link.to} className="inline-flex min-h-6 items-center transition-colors hover:text-foreground">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
