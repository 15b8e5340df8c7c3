import { useEffect, useState, type FormEvent, type RefObject } from "react";
import type { BUDGET_RANGES } from "@core/enums";
import { demoUrl, githubUrl } from "@core/project-links";
import { MIN_TEAM_SIZE, MISSING_INFORMATION } from "@core/project-rules";
import { notify } from "@web/lib/toast";
import { errorMessage, trpc } from "@web/lib/trpc";
import { Button } from "../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../ui/dialog";
import { FollowsBoardNote } from "./follows-board-note";
import { PlanLimitReached, PlanUsage } from "./plan-usage";
import {
  blankProject,
  idFor,
  ProjectBasicsFields,
  ProjectEditOnlyFields,
  projectFormState,
  ProjectListFields,
  type ProjectFormErrors,
  type ProjectFormState,
} from "./project-form-fields";
import { isForbidden, notifyProjectFailure, useRefreshProjects } from "./use-project-mutations";

/**
 * What the form checks before sending, in the order the fields appear: the required fields, and
 * the links by the very rules the server applies to them. The server checks everything again.
 */
function formErrors(form: ProjectFormState, editing: boolean): ProjectFormErrors {
  const linkError = (rule: typeof githubUrl, value: string) => rule.safeParse(value).error?.issues[0]?.message;
  const errors: ProjectFormErrors = {
    title: form.title.trim() ? undefined : "Please enter a title.",
    category: form.category ? undefined : "Please choose a category.",
    githubUrl: editing ? linkError(githubUrl, form.githubUrl) : undefined,
    demoUrl: editing ? linkError(demoUrl, form.demoUrl) : undefined,
  };
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message));
}

export interface ProjectFormProps {
  projectId?: string;
  /** Whether the dialog shows: the form stays mounted while it closes. */
  open: boolean;
  /** Escape, the close button or a click outside asks to close. */
  onOpenChange: (open: boolean) => void;
  /** The button that opened it, where focus goes back to. */
  opener: RefObject<HTMLElement | null>;
  /** Closes the dialog (after a save, or Cancel). */
  close: () => void;
  /** While saving, the dialog must not be closed. */
  onBusyChange: (busy: boolean) => void;
  onCreated?: (id: string) => unknown;
}

/**
 * The Create or Edit Project form inside its dialog (project-form-dialog.tsx), fresh for each
 * opening: editing adds budget and links, and starts from the project as the server has it now.
 * A member at the free plan's limit is told so, with the way to Pro, before filling anything in.
 */
export default function ProjectForm({
  projectId,
  open,
  onOpenChange,
  opener,
  close,
  onBusyChange,
  onCreated,
}: ProjectFormProps) {
  const editing = projectId !== undefined;
  const [loading, setLoading] = useState(editing);
  const [form, setForm] = useState<ProjectFormState>(blankProject);
  const [errors, setErrors] = useState<ProjectFormErrors>({});
  const utils = trpc.useUtils();
  const [planLimit, setPlanLimit] = useState<string | null>(null);
  const figures = trpc.projects.myStats.useQuery(undefined, { enabled: open && !editing });
  const refresh = useRefreshProjects();
  const set = <K extends keyof ProjectFormState>(key: K, value: ProjectFormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    // A corrected field stops saying what was wrong with it.
    setErrors(({ [key as keyof ProjectFormErrors]: _fixed, ...rest }) => rest);
  };
  const atLimit = !editing && figures.data?.limit != null && figures.data.owned >= figures.data.limit;

  const create = trpc.projects.create.useMutation({
    onSuccess: async ({ id }) => {
      close();
      notify.success("Project Created", `"${form.title.trim()}" has been created successfully.`);
      await refresh();
      await onCreated?.(id);
    },
    onError: (error) => {
      // The only refusal of a create is the free plan's limit: say why, and where to lift it.
      if (isForbidden(error)) {
        setPlanLimit(errorMessage(error));
        notify.error("Project Error", errorMessage(error));
        void figures.refetch();
      } else notifyProjectFailure(error, "create");
    },
  });
  const update = trpc.projects.update.useMutation({
    onSuccess: async () => {
      close();
      notify.success("Project Updated!", `"${form.title.trim()}" has been updated successfully.`);
      await refresh();
    },
    onError: (error) => notifyProjectFailure(error, "update"),
  });
  const busy = create.isPending || update.isPending;
  const disabled = busy || loading;
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  useEffect(() => {
    if (!projectId) return;
    let current = true;
    utils.projects.byId
      .fetch({ id: projectId })
      .then((project) => current && setForm(projectFormState(project)))
      .catch((error: unknown) => {
        if (!current) return;
        close();
        notify.error("Project Error", errorMessage(error, "Failed to load project details"));
      })
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [projectId, utils, close]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = formErrors(form, editing);
    const { category } = form;
    const first = Object.keys(found)[0];
    // (A missing category is among `found` already; checking it again narrows its type.)
    if (first || !category) {
      setErrors(found);
      if (found.title || found.category) notify.warning("Missing Information", MISSING_INFORMATION);
      // The first field to fix, scrolled into view and ready to type in.
      if (first) document.getElementById(idFor(first))?.focus();
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
      {/* Header and footer stay put while the fields scroll between them: the button is always in sight. */}
      <DialogContent bare className="flex max-w-2xl flex-col overflow-hidden" returnFocus={opener}>
        <DialogHeader className="border-b pt-6 pb-4 pl-6">
          <DialogTitle>{editing ? "Edit Project" : "Create New Project"}</DialogTitle>
          <DialogDescription>
            {loading
              ? "Loading project..."
              : editing
                ? "Update the details of your project."
                : "Share your project and find people to build it with."}
          </DialogDescription>
          {!editing && figures.data && <PlanUsage figures={figures.data} />}
        </DialogHeader>
        {atLimit ? (
          <>
            <div className="overflow-y-auto p-6">
              <PlanLimitReached />
            </div>
            <DialogFooter className="border-t px-6 py-4">
              <Button type="button" variant="outline" onClick={close}>
                Close
              </Button>
            </DialogFooter>
          </>
        ) : (
          <form onSubmit={submit} className="flex min-h-0 flex-1 flex-col" noValidate>
            <div className="grid min-h-0 flex-1 gap-4 overflow-y-auto p-6">
              {planLimit && <PlanLimitReached reason={planLimit} />}
              {projectId && form.followsBoard && <FollowsBoardNote projectId={projectId} />}
              <ProjectBasicsFields form={form} set={set} errors={errors} disabled={disabled} />
              {editing && <ProjectEditOnlyFields form={form} set={set} errors={errors} disabled={disabled} />}
              <ProjectListFields form={form} set={set} disabled={disabled} />
            </div>
            <DialogFooter className="border-t px-6 py-4">
              <Button type="button" variant="outline" onClick={close} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" disabled={disabled}>
                {editing ? (busy ? "Saving..." : "Save Changes") : busy ? "Creating..." : "Create Project"}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
