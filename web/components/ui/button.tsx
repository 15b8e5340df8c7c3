import { Slot } from "@radix-ui/react-slot";
import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "@web/lib/cn";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground shadow-sm hover:bg-primary/90",
        outline: "border border-input bg-background hover:bg-accent hover:text-accent-foreground",
        ghost: "hover:bg-accent hover:text-accent-foreground",
        // The dark theme's red is light enough for red text on dark; white on it needs a deeper fill.
        destructive:
          "bg-destructive text-white shadow-sm hover:bg-destructive/90 dark:bg-red-700 dark:hover:bg-red-700/90",
        link: "text-primary underline-offset-4 hover:underline",
        /** "Try again" in an error message: red and underlined like the text around it. */
        destructiveLink: "text-destructive underline underline-offset-4",
        destructiveOutline: "border border-input bg-background text-destructive hover:bg-accent hover:text-destructive",
        /** Yes to something that goes ahead at once (answering a call). */
        success: "bg-green-700 text-white shadow-sm hover:bg-green-700/90",
        /** Above the content it floats over. */
        floating: "bg-primary text-primary-foreground shadow-lg hover:bg-primary/90",
      },
      size: {
        default: "h-10 px-4 py-2 text-sm",
        sm: "h-9 px-3 text-sm",
        lg: "h-11 px-6 text-base",
        // 44 px on touch screens, the usual size of a finger's target.
        icon: "size-11 text-sm md:size-10",
        /** A link in a sentence: no box of its own, the sentence's text size. */
        inline: "h-auto p-0",
      },
      shape: {
        default: "rounded-md",
        pill: "rounded-full",
      },
    },
    defaultVariants: { variant: "default", size: "default", shape: "default" },
  },
);

export function Button({
  className,
  variant,
  size,
  shape,
  asChild = false,
  ...props
}: ComponentProps<"button"> & VariantProps<typeof buttonVariants> & { asChild?: boolean }) {
  const Component = asChild ? Slot : "button";
  return <Component className={cn(buttonVariants({ variant, size, shape }), className)} {...props} />;
}
