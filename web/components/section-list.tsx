import { useEffect, useRef, useState, type ReactNode } from "react";
import { cn } from "@web/lib/cn";

interface Section {
  id: string;
  label: string;
}

/**
 * Where a section lands when jumped to: under the 4rem top bar and, below 1024 px, the section
 * list that sticks under it.
 */
const SECTION_SCROLL_MARGIN = "scroll-mt-32 lg:scroll-mt-24";

/** A section of a long page, that the page's section list jumps to. */
export function PageSection({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div id={id} className={SECTION_SCROLL_MARGIN}>
      {children}
    </div>
  );
}

/**
 * The sections of a long page (Settings): each jumps to its section, and the one being read is
 * marked as the member scrolls. A column beside the page on a wide screen; a row that sticks under
 * the top bar, and scrolls sideways to keep the marked one in sight, on a narrower one.
 */
export function SectionList({ label, sections }: { label: string; sections: readonly Section[] }) {
  const current = useSectionInView(sections);
  useJumpHeld(sections);
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const row = list.current;
    const link = row?.querySelector<HTMLElement>(`[data-section="${current}"]`);
    if (!row || !link || row.scrollWidth <= row.clientWidth) return;
    // Sideways only: scrollIntoView would move the page too.
    row.scrollTo({ left: link.offsetLeft - (row.clientWidth - link.offsetWidth) / 2 });
  }, [current]);
  return (
    <nav
      aria-label={label}
      className="sticky top-16 z-10 -mx-4 mb-6 border-b bg-background/95 px-4 backdrop-blur lg:top-24 lg:mx-0 lg:mb-0 lg:self-start lg:border-0 lg:bg-transparent lg:p-0 lg:backdrop-blur-none"
    >
      <ul ref={list} className="flex gap-1 overflow-x-auto py-2 lg:flex-col lg:overflow-visible lg:py-0">
        {sections.map((section) => (
          <li key={section.id} className="shrink-0">
            {/* A plain fragment link: the browser jumps to the section, its scroll margin respected,
                and the address keeps it (the router's links mark themselves current by the address). */}
            <a
              href={`#${section.id}`}
              data-section={section.id}
              aria-current={section.id === current ? "location" : undefined}
              className={cn(
                "block whitespace-nowrap rounded-md px-3 py-1.5 text-sm transition-colors",
                section.id === current
                  ? "bg-accent font-medium text-accent-foreground"
                  : "text-muted-foreground hover:bg-accent/60 hover:text-foreground",
              )}
            >
              {section.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** What a member does to move about the page: each lets go of the section they had jumped to. */
const OWN_MOVES = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/**
 * Keeps the section a member jumped to (by its link, or an address such as an e-mail's
 * `#notifications`) where the jump put it while the sections around it load and change height,
 * until the member moves about the page themselves: the browser jumps once, and a section above
 * that grows, or one below still too short to scroll to, would leave the jump short of its section.
 * A move the page hears nothing of (the scroll bar dragged, say) lets go too: the section moved
 * while the page kept its height.
 */
function useJumpHeld(sections: readonly Section[]) {
  useEffect(() => {
    let held: HTMLElement | null = null;
    // Where the hold last put its section, and the page's height then.
    let heldTop = 0;
    let heldHeight = 0;
    const hold = () => {
      if (!held) return;
      held.scrollIntoView();
      heldTop = held.getBoundingClientRect().top;
      heldHeight = document.documentElement.scrollHeight;
    };
    const sectionOf = (hash: string) => {
      const id = decodeURIComponent(hash.slice(1));
      return sections.some((section) => section.id === id) ? document.getElementById(id) : null;
    };
    // A link's click comes after the pointerdown or keydown that let go; the browser then jumps,
    // and tells of a changed address with hashchange (not when the link was the address already).
    const clicked = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[href^='#']") : null;
      if (!link) return;
      held = sectionOf(link.hash);
      // The browser's own jump follows the click, and its scroll is not the member's: the section's
      // place is taken once the jump is done.
      heldHeight = -1;
      requestAnimationFrame(hold);
    };
    const addressed = () => {
      held = sectionOf(location.hash);
      hold();
    };
    const letGo = () => (held = null);
    const scrolled = () => {
      if (!held || document.documentElement.scrollHeight !== heldHeight) return;
      if (Math.abs(held.getBoundingClientRect().top - heldTop) > 1) letGo();
    };
    const resized = new ResizeObserver(hold);
    resized.observe(document.body);
    addressed();
    window.addEventListener("click", clicked);
    window.addEventListener("hashchange", addressed);
    window.addEventListener("scroll", scrolled, { passive: true });
    for (const move of OWN_MOVES) window.addEventListener(move, letGo, { passive: true, capture: true });
    return () => {
      resized.disconnect();
      window.removeEventListener("click", clicked);
      window.removeEventListener("hashchange", addressed);
      window.removeEventListener("scroll", scrolled);
      for (const move of OWN_MOVES) window.removeEventListener(move, letGo, { capture: true });
    };
  }, [sections]);
}

/** The last section whose top has come up to where a jump puts it: the one being read. */
function useSectionInView(sections: readonly Section[]) {
  const [current, setCurrent] = useState(sections[0]?.id);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      let reading = sections[0]?.id;
      for (const { id } of sections) {
        const section = document.getElementById(id);
        if (!section) continue;
        const landing = parseFloat(getComputedStyle(section).scrollMarginTop) || 0;
        if (section.getBoundingClientRect().top <= landing + 8) reading = id;
      }
      setCurrent(reading);
    };
    const onChange = () => {
      frame ||= requestAnimationFrame(measure);
    };
    onChange();
    window.addEventListener("scroll", onChange, { passive: true });
    window.addEventListener("resize", onChange);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onChange);
      window.removeEventListener("resize", onChange);
    };
  }, [sections]);
  return current;
}
