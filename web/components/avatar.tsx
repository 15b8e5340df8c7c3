import { useState } from "react";
import { cn } from "../lib/cn";

/** A member's picture, or their initial on a tinted disc when there is none or it fails to load. */
export function Avatar({
  name,
  url,
  className,
  initialClassName = "text-sm",
}: {
  name: string;
  url: string | null;
  className?: string;
  /** The initial's text size: a large avatar asks for a larger one. */
  initialClassName?: string;
}) {
  // Remembers which picture failed, so a new one (just uploaded) gets its own chance to load.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const base = "inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent";
  if (url && url !== failedUrl) {
    return <img src={url} alt="" className={cn(base, "object-cover", className)} onError={() => setFailedUrl(url)} />;
  }
  return (
    <span className={cn(base, "font-semibold text-accent-foreground", initialClassName, className)} aria-hidden>
      {name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}
