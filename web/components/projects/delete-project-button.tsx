import { Trash2 } from "lucide-react";
import { useState } from "react";
import { notify } from "@web/lib/toast";
import { trpc } from "@web/lib/trpc";
import { ConfirmDialog } from "../confirm-dialog";
import { Button } from "../ui/button";
import { notifyProjectFailure, useRefreshProjects } from "./use-project-mutations";

/** 'Delete Project', confirmed first: deleting cannot be undone. */
export function DeleteProjectButton({
  project,
  onDeleted,
  size = "sm",
  label = "Delete Project",
}: {
  project: { id: string; title: string };
  onDeleted?: () => unknown;
  size?: "sm" | "default";
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  const refresh = useRefreshProjects();
  const remove = trpc.projects.remove.useMutation({
    onSuccess: async () => {
      setOpen(false);
      notify.success("Project Deleted!", `"${project.title}" has been deleted.`);
      await onDeleted?.();
      await refresh();
    },
    onError: (error) => notifyProjectFailure(error, "delete"),
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      busy={remove.isPending}
      title="Delete Project"
      action="Delete"
      busyAction="Deleting..."
      onConfirm={() => remove.mutate({ id: project.id })}
      trigger={
        <Button variant="destructiveOutline" size={size}>
          <Trash2 aria-hidden />
          {label}
        </Button>
      }
    >
      Are you sure you want to delete "{project.title}"? This action cannot be undone.
    </ConfirmDialog>
  );
}
