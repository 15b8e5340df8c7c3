import { Link } from "@tanstack/react-router";
import { useState, type FormEvent, type ReactNode } from "react";
import type { BUDGET_RANGES } from "../../../db/enums";
import { MIN_TEAM_SIZE, MISSING_INFORMATION } from "../../../db/project-rules";
import { notify } from "../../lib/toast";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../ui/dialog";
import {
  blankProject,
  ProjectBasicsFields,
  ProjectEditOnlyFields,
  projectFormState,
  ProjectListFields,
  type ProjectFormState,
} from "./project-form-fields";
import { isForbidden, notifyProjectFailure, useRefreshProjects } from "./use-project-mutations";

/**
 * Create Project, or Edit Project when given a project id (editing adds budget and links, and
 * starts from the project as the server has it now). Required fields are checked here before
 * anything is sent; the server checks everything again.
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
  const editing = projectId !== undefined;
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [form, setForm] = useState<ProjectFormState>(blankProject);
  const utils = trpc.useUtils();
  const [planLimit, setPlanLimit] = useState<string | null>(null);
  const refresh = useRefreshProjects();
  const set = <K extends keyof ProjectFormState>(key: K, value: ProjectFormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const create = trpc.projects.create.useMutation({
    onSuccess: async ({ id }) => {
      setOpen(false);
      notify.success("Project Created", `"${form.title.trim()}" has been created successfully.`);
      await refresh();
      await onCreated?.(id);
    },
    onError: (error) => {
      // The only refusal of a create is the free plan's limit: say why, and where to lift it.
      if (isForbidden(error)) {
        setPlanLimit(errorMessage(error));
        notify.error("Project Error", errorMessage(error));
      } else notifyProjectFailure(error, "create");
    },
  });
  const update = trpc.projects.update.useMutation({
    onSuccess: async () => {
      setOpen(false);
      notify.success("Project Updated!", `"${form.title.trim()}" has been updated successfully.`);
      await refresh();
    },
    onError: (error) => notifyProjectFailure(error, "update"),
  });
  const busy = create.isPending || update.isPending;
  const disabled = busy || loading;

  const load = async (id: string) => {
    setLoading(true);
    try {
      setForm(projectFormState(await utils.projects.byId.fetch({ id })));
    } catch (error) {
      setOpen(false);
      notify.error("Project Error", errorMessage(error, "Failed to load project details"));
    } finally {
      setLoading(false);
    }
  };

  const onOpenChange = (next: boolean) => {
    if (busy) return;
    if (next) {
      setForm(blankProject);
      setPlanLimit(null);
      if (projectId) void load(projectId);
    }
    setOpen(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { category } = form;
    if (!form.title.trim() || !category) {
      notify.warning("Missing Information", MISSING_INFORMATION);
      return;
    }
    const fields = {
      title: form.title,
      category,
      description: form.description,
      status: form.status,
      // The spec's fallback: a team size that is not a number counts as 1.
      members: Number.parseInt(form.members, 10) || MIN_TEAM_SIZE,
      duration: form.duration,
      progress: form.progress,
      plannedFeatures: form.plannedFeatures,
      completedFeatures: form.completedFeatures,
      pendingFeatures: form.pendingFeatures,
      skillsRequired: form.skillsRequired,
      techStack: form.techStack,
    };
    if (projectId) {
      update.mutate({
        ...fields,
        id: projectId,
        budgetRange: form.budgetRange as (typeof BUDGET_RANGES)[number] | "",
        githubUrl: form.githubUrl,
        demoUrl: form.demoUrl,
      });
    } else {
      create.mutate(fields);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? "Edit Project" : "Create New Project"}</DialogTitle>
          <DialogDescription>
            {loading
              ? "Loading project..."
              : editing
                ? "Update the details of your project."
                : "Share your project and find people to build it with."}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          {planLimit && (
            <Alert>
              {planLimit}{" "}
              <Link to="/pricing" className="font-medium underline underline-offset-4">
                See Pro pricing
              </Link>
            </Alert>
          )}
          <ProjectBasicsFields form={form} set={set} disabled={disabled} />
          {editing && <ProjectEditOnlyFields form={form} set={set} disabled={disabled} />}
          <ProjectListFields form={form} set={set} disabled={disabled} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={disabled}>
              {editing ? (busy ? "Saving..." : "Save Changes") : busy ? "Creating..." : "Create Project"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
