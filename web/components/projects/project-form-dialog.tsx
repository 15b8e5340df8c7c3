import { Slot } from "@radix-ui/react-slot";
import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from "react";

/**
 * The form, its checks (zod rules shared with the server) and the dialog around it (Radix's focus
 * trap, scroll lock and layers) are fetched when the member reaches for the button, not with the
 * pages that offer it: they stayed out of those pages' first load.
 */
const loadForm = () => import("./project-form");
const ProjectForm = lazy(loadForm);

/**
 * Create Project, or Edit Project when given a project id, opened from `trigger`. Each opening
 * starts a fresh form; the dialog cannot be closed while it saves, and gives focus back to the
 * trigger once it has.
 */
export function ProjectFormDialog({
  projectId,
  trigger,
  onCreated,
}: {
  projectId?: string;
  trigger: ReactNode;
  onCreated?: (id: string) => unknown;
}) {
  const [open, setOpen] = useState(false);
  const [openings, setOpenings] = useState(0);
  const [busy, setBusy] = useState(false);
  const opener = useRef<HTMLElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const onOpenChange = useCallback((next: boolean) => !next && !busy && setOpen(false), [busy]);
  const preload = () => void loadForm();

  return (
    <>
      <Slot
        ref={opener}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setOpenings((n) => n + 1);
          setOpen(true);
        }}
      >
        {trigger}
      </Slot>
      {openings > 0 && (
        <Suspense fallback={null}>
          <ProjectForm
            key={openings}
            projectId={projectId}
            open={open}
            onOpenChange={onOpenChange}
            opener={opener}
            close={close}
            onBusyChange={setBusy}
            onCreated={onCreated}
          />
        </Suspense>
      )}
    </>
  );
}
