import * as LabelPrimitive from "@radix-ui/react-label";
import type { ComponentProps } from "react";
import { cn } from "@web/lib/cn";

/** Medium weight names a field; normal weight suits a choice's label beside its checkbox. */
export function Label({
  className,
  weight = "medium",
  ...props
}: ComponentProps<typeof LabelPrimitive.Root> & { weight?: "medium" | "normal" }) {
  return (
    <LabelPrimitive.Root
      className={cn("text-sm leading-none", weight === "medium" ? "font-medium" : "font-normal", className)}
      {...props}
    />
  );
}
