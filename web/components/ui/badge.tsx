import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "@web/lib/cn";

export const badgeVariants = cva("inline-flex items-center rounded-full border [&_svg]:size-3", {
  variants: {
    variant: {
      default: "border-transparent bg-primary text-primary-foreground",
      secondary: "border-transparent bg-accent text-accent-foreground",
      outline: "text-foreground",
      warning: "border-yellow-500/40 bg-yellow-500/10 text-yellow-800 dark:text-yellow-200",
      pro: "border-transparent bg-amber-500 text-amber-950 dark:bg-amber-400",
      success: "border-transparent bg-green-700 text-white dark:bg-green-500 dark:text-green-950",
    },
    /** `null` where the caller sets gap, padding, text size and wrapping itself. */
    size: {
      default: "gap-1 px-2.5 py-0.5 text-xs whitespace-nowrap",
    },
    weight: {
      semibold: "font-semibold",
      medium: "font-medium",
    },
  },
  defaultVariants: { variant: "default", size: "default", weight: "semibold" },
});

export function Badge({
  className,
  variant,
  size,
  weight,
  ...props
}: ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant, size, weight }), className)} {...props} />;
}
