import { useState, type ReactNode } from "react";
import {
  DEVELOPER_TYPES,
  EXPERIENCE_LEVELS,
  INTERESTED_PROJECTS,
  REGIONS,
  SPECIALIZATIONS,
  type InterestedProject,
} from "@core/enums";
import { MAX_BIO_LENGTH, MAX_DISPLAY_NAME_LENGTH, MAX_SKILL_LENGTH, MAX_SKILLS } from "@core/rules";
import { cn } from "../lib/cn";
import type { ProfileFormValues } from "../lib/profile";
import { Badge } from "./ui/badge";
import { Checkbox } from "./ui/checkbox";
import { Input } from "./ui/input";
import { Label } from "./ui/label";
import { ListInput } from "./list-input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./ui/select";
import { Textarea } from "./ui/textarea";

/** Where a field's error message is, for its control's aria-describedby. */
export const errorIdOf = (id: string) => `${id}-error`;

/** What a control says about its error: invalid, and described by the message under it. */
export const invalidProps = (id: string, error: string | undefined) =>
  error ? { "aria-invalid": true, "aria-describedby": errorIdOf(id) } : {};

/** A labelled form control, with an optional hint under it, and its error message when it has one. */
export function Field({
  id,
  label,
  hint,
  error,
  hideLabel,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Shown under the control; the control itself carries `invalidProps`. */
  error?: string;
  /** For a control whose purpose shows without it: screen readers still read the label. */
  hideLabel?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("grid content-start gap-2", className)}>
      <Label htmlFor={id} className={hideLabel ? "sr-only" : undefined}>
        {label}
      </Label>
      {children}
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      {error && (
        <p id={errorIdOf(id)} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** A dropdown over one of the spec's lists; '' means nothing chosen yet. */
export function ChoiceField<T extends string>({
  id,
  label,
  options,
  optionLabel = (option) => option,
  value,
  onChange,
  placeholder,
  disabled,
  hideLabel,
  className,
  error,
}: {
  id: string;
  label: string;
  error?: string;
  options: readonly T[];
  /** What the member reads for an option, when it is not the option itself. */
  optionLabel?: (option: T) => string;
  value: T | "";
  onChange: (value: T) => void;
  placeholder?: string;
  disabled?: boolean;
  hideLabel?: boolean;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Field id={id} label={label} hideLabel={hideLabel} className={className} error={error}>
      {/* The items are exactly `options`, so the chosen value is one of them. */}
      <Select
        value={value}
        onValueChange={(chosen) => onChange(chosen as T)}
        disabled={disabled}
        open={open}
        onOpenChange={setOpen}
      >
        <SelectTrigger id={id} {...invalidProps(id, error)}>
          <SelectValue placeholder={placeholder}>{value && optionLabel(value)}</SelectValue>
        </SelectTrigger>
        {/* Only while open: closed, Radix renders every item into a detached fragment one render
            after mounting, synchronously (128 ms of All Projects' first screen on a phone, for its
            two filters); the trigger shows the chosen option's label itself. */}
        {open && (
          <SelectContent>
            {options.map((option) => (
              <SelectItem key={option} value={option}>
                {optionLabel(option)}
              </SelectItem>
            ))}
          </SelectContent>
        )}
      </Select>
    </Field>
  );
}

/** The interested-project checkboxes, kept in the spec's order, with the chosen ones as badges. */
export function InterestsField({
  value,
  onChange,
  disabled,
}: {
  value: readonly InterestedProject[];
  onChange: (value: InterestedProject[]) => void;
  disabled?: boolean;
}) {
  const toggle = (option: InterestedProject, checked: boolean) =>
    onChange(INTERESTED_PROJECTS.filter((item) => (item === option ? checked : value.includes(item))));
  return (
    <fieldset className="grid gap-3" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">Interested Projects</legend>
      <p className="text-sm text-muted-foreground">Select all that apply (at least one)</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {INTERESTED_PROJECTS.map((option) => {
          const id = `interest-${option.replace(/[^a-z0-9]+/gi, "-").toLowerCase()}`;
          return (
            <div key={option} className="flex items-center gap-2">
              <Checkbox
                id={id}
                checked={value.includes(option)}
                onCheckedChange={(checked) => toggle(option, checked === true)}
                disabled={disabled}
              />
              <Label htmlFor={id} weight="normal" className="cursor-pointer">
                {option}
              </Label>
            </div>
          );
        })}
      </div>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Selected interests">
          {value.map((item) => (
            <li key={item}>
              <Badge variant="secondary">{item}</Badge>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/** Skills, one at a time: in Settings, and (optional) in onboarding's interests step. */
export function SkillsField({
  id,
  value,
  onChange,
  hint = `Press Enter to add a skill (up to ${MAX_SKILLS}).`,
}: {
  id: string;
  value: string[];
  onChange: (skills: string[]) => void;
  hint?: string;
}) {
  return (
    <Field id={id} label="Skills" hint={hint}>
      <ListInput
        id={id}
        label="skill"
        value={value}
        onChange={onChange}
        placeholder="e.g. React"
        maxItems={MAX_SKILLS}
        maxLength={MAX_SKILL_LENGTH}
      />
    </Field>
  );
}

/** What a switch means, said of the state it is in, and the title of the toast that says it was turned. */
export interface SwitchMeaning {
  label: string;
  hint: { on: string; off: string };
  turned: { on: string; off: string };
}

/** A switch: a checkbox with its label and what its current state means. */
export function SwitchField({
  id,
  label,
  hint,
  checked,
  disabled,
  onChange,
}: Pick<SwitchMeaning, "label" | "hint"> & {
  id: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-3">
      <Checkbox
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={(value) => onChange(value === true)}
        aria-describedby={`${id}-hint`}
        className="mt-0.5"
      />
      <div className="grid gap-1">
        <Label htmlFor={id} className="cursor-pointer">
          {label}
        </Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {checked ? hint.on : hint.off}
        </p>
      </div>
    </div>
  );
}

/** 'Open to join projects', asked in onboarding (step 3) and Settings. */
export const OPEN_TO_JOIN: SwitchMeaning = {
  label: "Open to join projects",
  hint: {
    on: "Open: project owners looking for teammates find you with this filter in Find People.",
    off: "Not open: project owners filtering Find People for teammates don't see you.",
  },
  turned: { on: "Open to join projects", off: "Not open to join projects" },
};

/** 'Show me in search', in Settings. */
export const SHOW_IN_SEARCH: SwitchMeaning = {
  label: "Show me in search",
  hint: {
    on: "Shown in Find People and suggested to members who might know you.",
    off: "Hidden from Find People and from suggestions; your friends and teams still see you.",
  },
  turned: { on: "Shown in search", off: "Hidden from search" },
};

/** 'Send read receipts', in Settings. */
export const SEND_READ_RECEIPTS: SwitchMeaning = {
  label: "Send read receipts",
  hint: {
    on: "Others see ‘Seen’ once you have displayed their messages, and you see theirs.",
    off: "Others don't see when you have read their messages, and you don't see theirs either.",
  },
  turned: { on: "Read receipts on", off: "Read receipts off" },
};

type Background = Pick<ProfileFormValues, "developerType" | "experience" | "specialization" | "region">;

/** The four dropdowns onboarding (step 2) and settings both ask. */
export function BackgroundFields({
  idPrefix,
  values,
  onChange,
}: {
  idPrefix: string;
  values: Background;
  onChange: (patch: Partial<Background>) => void;
}) {
  return (
    <>
      <ChoiceField
        id={`${idPrefix}-developer-type`}
        label="Developer Type"
        options={DEVELOPER_TYPES}
        value={values.developerType}
        onChange={(developerType) => onChange({ developerType })}
        placeholder="Select your developer type"
      />
      <ChoiceField
        id={`${idPrefix}-experience`}
        label="Experience Level"
        options={EXPERIENCE_LEVELS}
        value={values.experience}
        onChange={(experience) => onChange({ experience })}
        placeholder="Select your experience level"
      />
      <ChoiceField
        id={`${idPrefix}-specialization`}
        label="Specialization"
        options={SPECIALIZATIONS}
        value={values.specialization}
        onChange={(specialization) => onChange({ specialization })}
        placeholder="Select your specialization"
      />
      <ChoiceField
        id={`${idPrefix}-region`}
        label="Preferred Region"
        options={REGIONS}
        value={values.region}
        onChange={(region) => onChange({ region })}
        placeholder="Select your region"
      />
    </>
  );
}

/** Display name and bio, as onboarding (step 1) and settings both ask them. */
export function NameAndBioFields({
  idPrefix,
  values,
  onChange,
  bioRows,
}: {
  idPrefix: string;
  values: Pick<ProfileFormValues, "displayName" | "bio">;
  onChange: (patch: Partial<Pick<ProfileFormValues, "displayName" | "bio">>) => void;
  bioRows: number;
}) {
  return (
    <>
      <Field id={`${idPrefix}-name`} label="Display Name">
        <Input
          id={`${idPrefix}-name`}
          value={values.displayName}
          onChange={(event) => onChange({ displayName: event.target.value })}
          maxLength={MAX_DISPLAY_NAME_LENGTH}
          autoComplete="nickname"
          required
        />
      </Field>
      <Field id={`${idPrefix}-bio`} label="Bio" hint={`${values.bio.length}/${MAX_BIO_LENGTH}`}>
        <Textarea
          id={`${idPrefix}-bio`}
          rows={bioRows}
          fitRows
          value={values.bio}
          onChange={(event) => onChange({ bio: event.target.value })}
          maxLength={MAX_BIO_LENGTH}
          placeholder="Tell other members what you build and what you are looking for."
        />
      </Field>
    </>
  );
}
