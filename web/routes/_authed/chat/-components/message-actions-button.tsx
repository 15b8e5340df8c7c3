import { MoreHorizontal } from "lucide-react";
import type { ComponentProps } from "react";

/** The small button beside a message's time that opens its menu (reporting it); the toolbar's is 'Message actions'. */
export function MessageActionsButton(props: ComponentProps<"button">) {
  return (
    <button
      type="button"
      aria-label="More message actions"
      aria-haspopup="menu"
      className="inline-flex size-6 items-center justify-center rounded text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50 [&_svg]:size-4"
      {...props}
    >
      <MoreHorizontal aria-hidden />
    </button>
  );
}
