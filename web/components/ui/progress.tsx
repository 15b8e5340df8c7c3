import * as ProgressPrimitive from "@radix-ui/react-progress";
import type { ComponentProps } from "react";
import { cn } from "@web/lib/cn";

/** A bar filled to `value` out of `max` (100 unless told); `thin` in dense lists. */
export function Progress({
  className,
  value = 0,
  max = 100,
  thin = false,
  ...props
}: ComponentProps<typeof ProgressPrimitive.Root> & { thin?: boolean }) {
  const percent = ((value ?? 0) / max) * 100;
  return (
    <ProgressPrimitive.Root
      className={cn("relative w-full overflow-hidden rounded-full bg-muted", thin ? "h-1.5" : "h-2", className)}
      value={value}
      max={max}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className="h-full bg-primary transition-transform duration-300"
        style={{ transform: `translateX(-${100 - percent}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
