import { useState } from "react";
import { cn } from "../lib/cn";

/** A member's picture, or their initial on a tinted disc when there is none or it fails to load. */
export function Avatar({ name, url, className }: { name: string; url: string | null; className?: string }) {
  // Remembers which picture failed, so a new one (just uploaded) gets its own chance to load.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const base = "inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent";
  if (url && url !== failedUrl) {
    return <img src={url} alt="" className={cn(base, "object-cover", className)} onError={() => setFailedUrl(url)} />;
  }
  return (
    // The caller's classes come last, so a large avatar can ask for a larger initial.
    <span className={cn(base, "text-sm font-semibold text-accent-foreground", className)} aria-hidden>
      {name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}
