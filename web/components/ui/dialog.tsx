import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ComponentProps, RefObject } from "react";
import { cn } from "@web/lib/cn";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/**
 * `bare`: the caller lays the content out and pads it (a fixed header and footer around a
 * scrolling body), instead of the usual padded grid that scrolls as a whole. `sheet`: along the
 * bottom of the screen, its whole width (a phone's panel), instead of centred. `returnFocus`: where
 * focus goes once it has closed, for a dialog opened by something other than its own trigger.
 */
export function DialogContent({
  className,
  bare = false,
  sheet = false,
  returnFocus,
  children,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & {
  bare?: boolean;
  sheet?: boolean;
  returnFocus?: RefObject<HTMLElement | null>;
}) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
      <DialogPrimitive.Content
        className={cn(
          "fixed z-50 max-h-[calc(100dvh-2rem)] border bg-card text-card-foreground shadow-lg",
          sheet
            ? "inset-x-0 bottom-0 rounded-t-xl pb-[env(safe-area-inset-bottom)]"
            : "top-1/2 left-1/2 w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl",
          !bare && "grid max-w-lg gap-4 overflow-y-auto p-6",
          className,
        )}
        {...props}
        {...(returnFocus && {
          onCloseAutoFocus: (event: Event) => {
            event.preventDefault();
            returnFocus.current?.focus();
          },
        })}
      >
        {children}
        <DialogPrimitive.Close className="absolute top-4 right-4 rounded-sm opacity-70 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <X className="size-4" aria-hidden />
          <span className="sr-only">Close</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 pr-6", className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("text-lg font-semibold", className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />;
}
