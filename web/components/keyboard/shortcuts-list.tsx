import type { ReactNode } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { modKeyName } from "./keys";

/** The keys, and what they do, by where they work. */
function sections(mod: string): { title: string; keys: [string[], string][] }[] {
  return [
    {
      title: "Anywhere",
      keys: [
        [[mod, "K"], "Find a chat, friend or project"],
        [["?"], "Show keyboard shortcuts"],
      ],
    },
    {
      title: "Writing a message",
      keys: [
        [["Enter"], "Send (inside an open ``` block, a new line)"],
        [["Shift", "Enter"], "New line"],
        [[mod, "Enter"], "Send, always"],
        [["↑"], "Edit your last message (in an empty composer)"],
        [["Esc"], "Cancel a reply or an edit"],
      ],
    },
    {
      title: "Messages",
      keys: [
        [["Tab"], "Reach a message's actions button"],
        [["Enter"], "Open the message's actions"],
        [["Esc"], "Close the message's actions"],
      ],
    },
  ];
}

function Key({ children }: { children: ReactNode }) {
  return (
    <kbd className="inline-flex min-w-6 items-center justify-center rounded border bg-muted px-1.5 py-0.5 font-mono text-xs text-foreground shadow-[0_1px_0] shadow-border">
      {children}
    </kbd>
  );
}

/** The `?` dialog: every keyboard shortcut of the signed-in pages, with ⌘ on Apple devices and Ctrl elsewhere. */
export default function ShortcutsList({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>Keys that work on every signed-in page and in chats.</DialogDescription>
        </DialogHeader>
        {sections(modKeyName()).map((section) => (
          <section key={section.title} aria-label={section.title} className="grid gap-2">
            <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{section.title}</h3>
            <dl className="grid gap-1.5">
              {section.keys.map(([keys, what]) => (
                <div key={what} className="flex items-center justify-between gap-4 text-sm">
                  <dt className="flex shrink-0 items-center gap-1">
                    {keys.map((key, i) => (
                      <Key key={i}>{key}</Key>
                    ))}
                  </dt>
                  <dd className="text-right text-muted-foreground">{what}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </DialogContent>
    </Dialog>
  );
}
