import type { ComponentProps } from "react";
import { cn } from "@web/lib/cn";

const LOOKS = {
  default: "h-10 rounded-md text-sm",
  /** The one search box a page is about: tall and round. */
  hero: "h-12 rounded-full text-base shadow-sm",
};

export function Input({
  className,
  look = "default",
  ...props
}: ComponentProps<"input"> & { look?: keyof typeof LOOKS }) {
  return (
    <input
      className={cn(
        "flex w-full border border-input bg-background px-3 py-2 placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive",
        LOOKS[look],
        className,
      )}
      {...props}
    />
  );
}
