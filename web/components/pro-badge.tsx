import { Crown } from "lucide-react";
import { cn } from "../lib/cn";
import { Badge } from "./ui/badge";

/** Marks a Lifetime Pro member beside their name. */
export function ProBadge({ className }: { className?: string }) {
  return (
    <Badge
      className={cn("border-transparent bg-amber-500 text-amber-950 dark:bg-amber-400", className)}
      title="Lifetime Pro member"
    >
      <Crown aria-hidden /> Pro
    </Badge>
  );
}
