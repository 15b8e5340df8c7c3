import * as ProgressPrimitive from "@radix-ui/react-progress";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

/** A bar filled to `value` out of `max` (100 unless told). */
export function Progress({ className, value = 0, max = 100, ...props }: ComponentProps<typeof ProgressPrimitive.Root>) {
  const percent = ((value ?? 0) / max) * 100;
  return (
    <ProgressPrimitive.Root
      className={cn("relative h-2 w-full overflow-hidden rounded-full bg-muted", className)}
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
