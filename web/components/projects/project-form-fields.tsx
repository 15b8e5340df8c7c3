import type { ComponentProps } from "react";
import {
  BUDGET_RANGES,
  PROJECT_CATEGORIES,
  PROJECT_STATUS_LABELS,
  PROJECT_STATUSES,
  type ProjectCategory,
  type ProjectStatus,
} from "@core/enums";
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_DURATION_LENGTH,
  MAX_LIST_ITEM_LENGTH,
  MAX_LIST_ITEMS,
  MAX_TEAM_SIZE,
  MAX_TITLE_LENGTH,
  MAX_URL_LENGTH,
  MIN_TEAM_SIZE,
} from "@core/project-rules";
import { ListInput } from "../list-input";
import { ChoiceField, Field, invalidProps } from "../profile-fields";
import { Input } from "../ui/input";
import { Textarea } from "../ui/textarea";
import type { ProjectDetail } from "./types";

export interface ProjectFormState {
  title: string;
  category: ProjectCategory | "";
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
  /** One of BUDGET_RANGES, or '' for none. */
  budgetRange: string;
  githubUrl: string;
  demoUrl: string;
  /** The progress and the features follow the project's board: shown, not edited (the server keeps them too). */
  followsBoard: boolean;
}

/** The spec's defaults for a new project: open, a team of one, nothing done yet. */
export const blankProject: ProjectFormState = {
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
  followsBoard: false,
};

export const projectFormState = (p: ProjectDetail): ProjectFormState => ({
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
  followsBoard: p.boardTasks !== null,
});

/** The fields the form checks before sending, each with the message shown beside it. */
export type ProjectFormErrors = Partial<Record<"title" | "category" | "githubUrl" | "demoUrl", string>>;

/** What each group of fields is given: the form, a setter for one field, its errors, and whether it is busy. */
interface GroupProps {
  form: ProjectFormState;
  set: <K extends keyof ProjectFormState>(key: K, value: ProjectFormState[K]) => void;
  errors: ProjectFormErrors;
  disabled: boolean;
}

export const idFor = (name: string) => `project-${name}`;

const FOLLOWS_BOARD = "Follows the board.";

type TextKey = "title" | "members" | "duration" | "githubUrl" | "demoUrl";

/** A labelled text box bound to one of the form's text fields. */
function TextField({
  name,
  label,
  form,
  set,
  errors,
  disabled,
  ...input
}: GroupProps & { name: TextKey; label: string } & Omit<
    ComponentProps<"input">,
    "id" | "name" | "form" | "value" | "onChange" | "disabled"
  >) {
  const error = errors[name as keyof ProjectFormErrors];
  return (
    <Field id={idFor(name)} label={label} error={error}>
      <Input
        id={idFor(name)}
        value={form[name]}
        onChange={(e) => set(name, e.target.value)}
        disabled={disabled}
        {...invalidProps(idFor(name), error)}
        {...input}
      />
    </Field>
  );
}

/** Title, category, status, description, team size, duration and progress. */
export function ProjectBasicsFields(group: GroupProps) {
  const { form, set, errors, disabled } = group;
  return (
    <>
      <TextField {...group} name="title" label="Title *" maxLength={MAX_TITLE_LENGTH} placeholder="Project title" />
      <div className="grid gap-4 sm:grid-cols-2">
        <ChoiceField
          id={idFor("category")}
          label="Category *"
          options={PROJECT_CATEGORIES}
          value={form.category}
          onChange={(category) => set("category", category)}
          placeholder="Select a category"
          disabled={disabled}
          error={errors.category}
        />
        <ChoiceField
          id={idFor("status")}
          label="Status"
          options={PROJECT_STATUSES}
          optionLabel={(status) => PROJECT_STATUS_LABELS[status]}
          value={form.status}
          onChange={(status) => set("status", status)}
          disabled={disabled}
        />
      </div>
      <Field id={idFor("description")} label="Description">
        <Textarea
          id={idFor("description")}
          value={form.description}
          onChange={(e) => set("description", e.target.value)}
          maxLength={MAX_DESCRIPTION_LENGTH}
          rows={4}
          placeholder="What are you building, and who are you looking for?"
          disabled={disabled}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          {...group}
          name="members"
          label="Team Size"
          type="number"
          inputMode="numeric"
          min={MIN_TEAM_SIZE}
          max={MAX_TEAM_SIZE}
        />
        <TextField
          {...group}
          name="duration"
          label="Duration"
          maxLength={MAX_DURATION_LENGTH}
          placeholder="e.g. 3 months"
        />
      </div>
      <Field
        id={idFor("progress")}
        label={`Progress: ${form.progress}%`}
        hint={form.followsBoard ? FOLLOWS_BOARD : undefined}
      >
        <input
          id={idFor("progress")}
          type="range"
          min={0}
          max={100}
          step={1}
          value={form.progress}
          onChange={(e) => set("progress", Number(e.target.value))}
          className="w-full accent-primary"
          disabled={disabled || form.followsBoard}
        />
      </Field>
    </>
  );
}

const LINKS = [
  ["githubUrl", "GitHub URL", "https://github.com/..."],
  ["demoUrl", "Demo URL", "https://..."],
] as const;

/** Budget and links: only an existing project has them. */
export function ProjectEditOnlyFields(group: GroupProps) {
  const { form, set, disabled } = group;
  return (
    <>
      <ChoiceField
        id={idFor("budget")}
        label="Budget Range"
        options={BUDGET_RANGES}
        value={form.budgetRange}
        onChange={(budget) => set("budgetRange", budget)}
        placeholder="Select a budget range"
        disabled={disabled}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {LINKS.map(([name, label, placeholder]) => (
          <TextField
            {...group}
            key={name}
            name={name}
            label={label}
            type="url"
            maxLength={MAX_URL_LENGTH}
            placeholder={placeholder}
          />
        ))}
      </div>
    </>
  );
}

/**
 * Placeholders short enough to show whole beside the add button on a 375 px phone; the features
 * are the lists the board fills while the project's figures follow it.
 */
const LISTS = [
  ["plannedFeatures", "Planned Features", "planned feature", "e.g. Dark mode", true],
  ["completedFeatures", "Completed Features", "completed feature", "e.g. Sign-in page", true],
  ["pendingFeatures", "Pending Features", "pending feature", "e.g. Search filters", true],
  ["skillsRequired", "Skills Required", "skill", "e.g. UI design", false],
  ["techStack", "Tech Stack", "technology", "e.g. React", false],
] as const;

/** The features, skills and tech stack lists. */
export function ProjectListFields({ form, set, disabled }: Omit<GroupProps, "errors">) {
  return LISTS.map(([key, label, itemName, placeholder, boardFills]) => (
    <Field key={key} id={idFor(key)} label={label} hint={boardFills && form.followsBoard ? FOLLOWS_BOARD : undefined}>
      <ListInput
        id={idFor(key)}
        label={itemName}
        value={form[key]}
        onChange={(items) => set(key, items)}
        placeholder={placeholder}
        maxItems={MAX_LIST_ITEMS}
        maxLength={MAX_LIST_ITEM_LENGTH}
        disabled={disabled}
        readOnly={boardFills && form.followsBoard}
      />
    </Field>
  ));
}
