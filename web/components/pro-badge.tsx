import { Crown } from "lucide-react";
import { Badge } from "./ui/badge";

/** Marks a Lifetime Pro member beside their name. */
export function ProBadge({ className }: { className?: string }) {
  return (
    <Badge variant="pro" className={className} title="Lifetime Pro member">
      <Crown aria-hidden /> Pro
    </Badge>
  );
}
