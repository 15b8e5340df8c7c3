import { lazy, Suspense, useEffect, useState } from "react";
import { isSwitcherKey, typesText } from "./keys";

/** Fetched on the first Ctrl/⌘K: no page's first JavaScript carries the switcher or its data. */
const Switcher = lazy(() => import("./switcher"));
/** Fetched on the first `?`. */
const ShortcutsList = lazy(() => import("./shortcuts-list"));

type Layer = "switcher" | "shortcuts";

/**
 * The signed-in pages' keyboard: Ctrl/⌘K opens the switcher from anywhere, inputs included; `?`
 * lists the shortcuts when the member is not typing. Each layer's code comes with its first use.
 */
export function KeyboardShortcuts() {
  const [open, setOpen] = useState<Layer | null>(null);
  const [used, setUsed] = useState<ReadonlySet<Layer>>(new Set());

  useEffect(() => {
    const show = (layer: Layer) => {
      setUsed((before) => (before.has(layer) ? before : new Set(before).add(layer)));
      setOpen((now) => (now === layer && layer === "switcher" ? null : layer));
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.repeat) return;
      if (isSwitcherKey(event)) {
        // The browser's own Ctrl+K (its search box) gives way on these pages.
        event.preventDefault();
        show("switcher");
      } else if (event.key === "?" && !event.ctrlKey && !event.metaKey && !event.altKey && !typesText(event.target)) {
        event.preventDefault();
        show("shortcuts");
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  const openChange = (layer: Layer) => (next: boolean) => setOpen(next ? layer : null);
  return (
    <Suspense>
      {used.has("switcher") && <Switcher open={open === "switcher"} onOpenChange={openChange("switcher")} />}
      {used.has("shortcuts") && <ShortcutsList open={open === "shortcuts"} onOpenChange={openChange("shortcuts")} />}
    </Suspense>
  );
}
