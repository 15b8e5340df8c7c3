import { Link } from "@tanstack/react-router";
import { useState, type FormEvent, type ReactNode } from "react";
import { BUDGET_RANGES, PROJECT_CATEGORIES, PROJECT_STATUS_LABELS, PROJECT_STATUSES, type ProjectStatus } from "../../../db/enums";
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_DURATION_LENGTH,
  MAX_LIST_ITEM_LENGTH,
  MAX_LIST_ITEMS,
  MAX_TEAM_SIZE,
  MAX_TITLE_LENGTH,
  MAX_URL_LENGTH,
  MIN_TEAM_SIZE,
  MISSING_INFORMATION,
} from "../../../db/project-rules";
import { notify } from "../../lib/toast";
import { errorMessage, trpc } from "../../lib/trpc";
import { ListInput } from "../list-input";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "../ui/dialog";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../ui/select";
import { Textarea } from "../ui/textarea";
import type { ProjectDetail } from "./types";
import { isForbidden, notifyProjectFailure, useRefreshProjects } from "./use-project-mutations";

interface FormState {
  title: string;
  category: string;
  description: string;
  status: ProjectStatus;
  members: string;
  duration: string;
  progress: number;
  plannedFeatures: string[];
  completedFeatures: string[];
  pendingFeatures: string[];
  skillsRequired: string[];
  techStack: string[];
  budgetRange: string;
  githubUrl: string;
  demoUrl: string;
}

/** The spec's defaults for a new project: open, a team of one, nothing done yet. */
const blank: FormState = {
  title: "",
  category: "",
  description: "",
  status: "open",
  members: "1",
  duration: "",
  progress: 0,
  plannedFeatures: [],
  completedFeatures: [],
  pendingFeatures: [],
  skillsRequired: [],
  techStack: [],
  budgetRange: "",
  githubUrl: "",
  demoUrl: "",
};

const fromProject = (p: ProjectDetail): FormState => ({
  title: p.title,
  category: p.category,
  description: p.description,
  status: p.status,
  members: String(p.members),
  duration: p.duration ?? "",
  progress: p.progress,
  plannedFeatures: p.plannedFeatures,
  completedFeatures: p.completedFeatures,
  pendingFeatures: p.pendingFeatures,
  skillsRequired: p.skillsRequired,
  techStack: p.techStack,
  budgetRange: p.budgetRange ?? "",
  githubUrl: p.githubUrl ?? "",
  demoUrl: p.demoUrl ?? "",
});

const LISTS = [
  ["plannedFeatures", "Planned Features", "planned feature", "Add a planned feature and press Enter"],
  ["completedFeatures", "Completed Features", "completed feature", "Add a completed feature and press Enter"],
  ["pendingFeatures", "Pending Features", "pending feature", "Add a pending feature and press Enter"],
  ["skillsRequired", "Skills Required", "skill", "e.g. UI design"],
  ["techStack", "Tech Stack", "technology", "e.g. React"],
] as const;

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
  const [form, setForm] = useState<FormState>(blank);
  const utils = trpc.useUtils();
  const [planLimit, setPlanLimit] = useState<string | null>(null);
  const refresh = useRefreshProjects();
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

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
      setForm(fromProject(await utils.projects.byId.fetch({ id })));
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
      setForm(blank);
      setPlanLimit(null);
      if (projectId) void load(projectId);
    }
    setOpen(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.title.trim() || !form.category) {
      notify.warning("Missing Information", MISSING_INFORMATION);
      return;
    }
    const fields = {
      title: form.title,
      category: form.category as (typeof PROJECT_CATEGORIES)[number],
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

  const idFor = (name: string) => `project-${name}`;

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
          <div className="grid gap-2">
            <Label htmlFor={idFor("title")}>Title *</Label>
            <Input
              id={idFor("title")}
              value={form.title}
              onChange={(e) => set("title", e.target.value)}
              maxLength={MAX_TITLE_LENGTH}
              placeholder="Project title"
              disabled={disabled}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={idFor("category")}>Category *</Label>
              <Select value={form.category} onValueChange={(v) => set("category", v)} disabled={disabled}>
                <SelectTrigger id={idFor("category")}>
                  <SelectValue placeholder="Select a category" />
                </SelectTrigger>
                <SelectContent>
                  {PROJECT_CATEGORIES.map((c) => (
                    <SelectItem key={c} value={c}>
                      {c}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={idFor("status")}>Status</Label>
              <Select value={form.status} onValueChange={(v) => set("status", v as ProjectStatus)} disabled={disabled}>
                <SelectTrigger id={idFor("status")}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {PROJECT_STATUSES.map((s) => (
                    <SelectItem key={s} value={s}>
                      {PROJECT_STATUS_LABELS[s]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={idFor("description")}>Description</Label>
            <Textarea
              id={idFor("description")}
              value={form.description}
              onChange={(e) => set("description", e.target.value)}
              maxLength={MAX_DESCRIPTION_LENGTH}
              rows={4}
              placeholder="What are you building, and who are you looking for?"
              disabled={disabled}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={idFor("members")}>Team Size</Label>
              <Input
                id={idFor("members")}
                type="number"
                inputMode="numeric"
                min={MIN_TEAM_SIZE}
                max={MAX_TEAM_SIZE}
                value={form.members}
                onChange={(e) => set("members", e.target.value)}
                disabled={disabled}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={idFor("duration")}>Duration</Label>
              <Input
                id={idFor("duration")}
                value={form.duration}
                onChange={(e) => set("duration", e.target.value)}
                maxLength={MAX_DURATION_LENGTH}
                placeholder="e.g. 3 months"
                disabled={disabled}
              />
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={idFor("progress")}>Progress: {form.progress}%</Label>
            <input
              id={idFor("progress")}
              type="range"
              min={0}
              max={100}
              step={1}
              value={form.progress}
              onChange={(e) => set("progress", Number(e.target.value))}
              className="w-full accent-primary"
              disabled={disabled}
            />
          </div>
          {editing && (
            <>
              <div className="grid gap-2">
                <Label htmlFor={idFor("budget")}>Budget Range</Label>
                <Select value={form.budgetRange} onValueChange={(v) => set("budgetRange", v)} disabled={disabled}>
                  <SelectTrigger id={idFor("budget")}>
                    <SelectValue placeholder="Select a budget range" />
                  </SelectTrigger>
                  <SelectContent>
                    {BUDGET_RANGES.map((b) => (
                      <SelectItem key={b} value={b}>
                        {b}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <div className="grid gap-2">
                  <Label htmlFor={idFor("github")}>GitHub URL</Label>
                  <Input
                    id={idFor("github")}
                    type="url"
                    value={form.githubUrl}
                    onChange={(e) => set("githubUrl", e.target.value)}
                    maxLength={MAX_URL_LENGTH}
                    placeholder="https://github.com/..."
                    disabled={disabled}
                  />
                </div>
                <div className="grid gap-2">
                  <Label htmlFor={idFor("demo")}>Demo URL</Label>
                  <Input
                    id={idFor("demo")}
                    type="url"
                    value={form.demoUrl}
                    onChange={(e) => set("demoUrl", e.target.value)}
                    maxLength={MAX_URL_LENGTH}
                    placeholder="https://..."
                    disabled={disabled}
                  />
                </div>
              </div>
            </>
          )}
          {LISTS.map(([key, label, itemName, placeholder]) => (
            <div key={key} className="grid gap-2">
              <Label htmlFor={idFor(key)}>{label}</Label>
              <ListInput
                id={idFor(key)}
                label={itemName}
                value={form[key]}
                onChange={(items) => set(key, items)}
                placeholder={placeholder}
                maxItems={MAX_LIST_ITEMS}
                maxLength={MAX_LIST_ITEM_LENGTH}
                disabled={disabled}
              />
            </div>
          ))}
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
