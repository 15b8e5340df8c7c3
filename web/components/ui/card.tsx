import type { ComponentProps } from "react";
import { cn } from "@web/lib/cn";

export function Card({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("rounded-xl border bg-card text-card-foreground shadow-sm", className)} {...props} />;
}

const HEADER_DIRECTIONS = {
  column: "flex-col gap-1.5",
  /** Title and an action on one line; the caller sets the gap. */
  row: "flex-row items-center justify-between",
};

export function CardHeader({
  className,
  direction = "column",
  ...props
}: ComponentProps<"div"> & { direction?: keyof typeof HEADER_DIRECTIONS }) {
  return <div className={cn("flex p-6", HEADER_DIRECTIONS[direction], className)} {...props} />;
}

const TITLE_SIZES = { xl: "text-xl leading-none", lg: "text-lg" };

export function CardTitle({
  className,
  size = "xl",
  children,
  ...props
}: ComponentProps<"h3"> & { size?: keyof typeof TITLE_SIZES }) {
  return (
    <h3 className={cn("font-semibold tracking-tight", TITLE_SIZES[size], className)} {...props}>
      {children}
    </h3>
  );
}

export function CardDescription({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("p-6 pt-0", className)} {...props} />;
}
