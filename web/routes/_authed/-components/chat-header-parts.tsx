import { MoreVertical } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "../../../components/ui/button";

/** Whether a participant is connected to the chat's room. */
export function OnlineDot({ online, label }: { online: boolean; label: string }) {
  return (
    <span
      className={online ? "size-2.5 rounded-full bg-green-500" : "size-2.5 rounded-full bg-muted-foreground/40"}
      role="img"
      aria-label={label}
      title={label}
    />
  );
}

/** The button that opens the chat's menu: the header shows it, off, until the menu's code is there. */
export function ChatMenuButton(props: ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" aria-label="Chat menu" {...props}>
      <MoreVertical aria-hidden />
    </Button>
  );
}
