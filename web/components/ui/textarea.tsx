import type { ComponentProps } from "react";
import { cn } from "@web/lib/cn";

/** `fitRows`: exactly `rows` lines high, without the usual minimum height. */
export function Textarea({ className, fitRows = false, ...props }: ComponentProps<"textarea"> & { fitRows?: boolean }) {
  return (
    <textarea
      className={cn(
        "flex w-full rounded-md border border-input bg-background px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50",
        !fitRows && "min-h-24",
        className,
      )}
      {...props}
    />
  );
}
