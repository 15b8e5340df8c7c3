import { useState } from "react";
import { cn } from "../lib/cn";

/** A member's picture, or their initial on a tinted disc when there is none or it fails to load. */
export function Avatar({ name, url, className }: { name: string; url: string | null; className?: string }) {
  const [failed, setFailed] = useState(false);
  const base = cn("inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent", className);
  if (url && !failed) {
    return <img src={url} alt="" className={cn(base, "object-cover")} onError={() => setFailed(true)} />;
  }
  return (
    <span className={cn(base, "text-sm font-semibold text-accent-foreground")} aria-hidden>
      {name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}
