import {
  PROJECT_CATEGORIES,
  PROJECT_STATUS_LABELS,
  PROJECT_STATUSES,
  type ProjectCategory,
  type ProjectStatus,
} from "@core/enums";
import { ChoiceField } from "../profile-fields";

const ALL = "all";
const CATEGORY_CHOICES = [ALL, ...PROJECT_CATEGORIES] as const;
const STATUS_CHOICES = [ALL, ...PROJECT_STATUSES] as const;

/** Category and status pickers; `undefined` means every category or status. */
export function ProjectFilters({
  category,
  status,
  onCategoryChange,
  onStatusChange,
}: {
  category?: ProjectCategory;
  status?: ProjectStatus;
  onCategoryChange: (category: ProjectCategory | undefined) => void;
  onStatusChange: (status: ProjectStatus | undefined) => void;
}) {
  return (
    <>
      <ChoiceField
        id="filter-category"
        label="Category"
        hideLabel
        className="sm:w-52"
        options={CATEGORY_CHOICES}
        optionLabel={(choice) => (choice === ALL ? "All Categories" : choice)}
        value={category ?? ALL}
        onChange={(choice) => onCategoryChange(choice === ALL ? undefined : choice)}
      />
      <ChoiceField
        id="filter-status"
        label="Status"
        hideLabel
        className="sm:w-52"
        options={STATUS_CHOICES}
        optionLabel={(choice) => (choice === ALL ? "All Statuses" : PROJECT_STATUS_LABELS[choice])}
        value={status ?? ALL}
        onChange={(choice) => onStatusChange(choice === ALL ? undefined : choice)}
      />
    </>
  );
}
