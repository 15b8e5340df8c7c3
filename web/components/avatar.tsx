import { useState } from "react";
import { cn } from "../lib/cn";

/** A member's picture, or their initial on a tinted disc when there is none or it fails to load. */
export function Avatar({ name, url, className }: { name: string; url: string | null; className?: string }) {
  // Remembers which picture failed, so a new one (just uploaded) gets its own chance to load.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const base = cn("inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent", className);
  if (url && url !== failedUrl) {
    return <img src={url} alt="" className={cn(base, "object-cover")} onError={() => setFailedUrl(url)} />;
  }
  return (
    <span className={cn(base, "text-sm font-semibold text-accent-foreground")} aria-hidden>
      {name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}
