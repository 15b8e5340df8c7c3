import * as Menu from "@radix-ui/react-dropdown-menu";
import type { ComponentProps } from "react";
import { cn } from "@web/lib/cn";

export const DropdownMenu = Menu.Root;
export const DropdownMenuTrigger = Menu.Trigger;

/** `narrow` for a menu of short words. */
export function DropdownMenuContent({
  className,
  sideOffset = 6,
  narrow = false,
  ...props
}: ComponentProps<typeof Menu.Content> & { narrow?: boolean }) {
  return (
    <Menu.Portal>
      <Menu.Content
        sideOffset={sideOffset}
        className={cn(
          "z-50 rounded-md border bg-card p-1 text-card-foreground shadow-lg",
          narrow ? "min-w-36" : "min-w-44",
          className,
        )}
        {...props}
      />
    </Menu.Portal>
  );
}

/** `destructive` for an action that removes something: red, highlighted or not. */
export function DropdownMenuItem({
  className,
  destructive = false,
  ...props
}: ComponentProps<typeof Menu.Item> & { destructive?: boolean }) {
  return (
    <Menu.Item
      className={cn(
        "flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none data-[disabled]:opacity-60 data-[highlighted]:bg-accent [&_svg]:size-4",
        destructive
          ? "text-destructive data-[highlighted]:text-destructive"
          : "data-[highlighted]:text-accent-foreground",
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof Menu.Separator>) {
  return <Menu.Separator className={cn("-mx-1 my-1 h-px bg-border", className)} {...props} />;
}

/** A group's name, above its items. */
export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof Menu.Label>) {
  return <Menu.Label className={cn("px-2 py-1.5 text-xs font-semibold text-muted-foreground", className)} {...props} />;
}

export const DropdownMenuRadioGroup = Menu.RadioGroup;

/** A choice of one among several, checked with a dot like a radio button. */
export function DropdownMenuRadioItem({ className, children, ...props }: ComponentProps<typeof Menu.RadioItem>) {
  return (
    <Menu.RadioItem
      className={cn(
        "relative flex cursor-default select-none items-center gap-2 rounded-sm py-1.5 pl-2 pr-8 text-sm outline-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground [&_svg]:size-4",
        className,
      )}
      {...props}
    >
      {children}
      <Menu.ItemIndicator className="absolute right-2 flex items-center">
        <span className="size-2 rounded-full bg-current" />
      </Menu.ItemIndicator>
    </Menu.RadioItem>
  );
}
