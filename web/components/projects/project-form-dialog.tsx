import { lazy, Suspense, useCallback, useState, type ReactNode } from "react";
import { Dialog, DialogTrigger } from "../ui/dialog";

/**
 * The form and its checks (zod rules shared with the server) are fetched when the member reaches
 * for the button, not with the pages that offer it: they stayed out of those pages' first load.
 */
const loadForm = () => import("./project-form");
const ProjectForm = lazy(loadForm);

/**
 * Create Project, or Edit Project when given a project id, opened from `trigger`. Each opening
 * starts a fresh form; the dialog cannot be closed while it saves.
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
  const close = useCallback(() => setOpen(false), []);
  const onOpenChange = (next: boolean) => {
    if (busy) return;
    if (next) setOpenings((n) => n + 1);
    setOpen(next);
  };
  const preload = () => void loadForm();

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild onPointerEnter={preload} onFocus={preload}>
        {trigger}
      </DialogTrigger>
      {openings > 0 && (
        <Suspense fallback={null}>
          <ProjectForm
            key={openings}
            projectId={projectId}
            open={open}
            close={close}
            onBusyChange={setBusy}
            onCreated={onCreated}
          />
        </Suspense>
      )}
    </Dialog>
  );
}
