import { PROJECT_CATEGORIES, PROJECT_STATUS_LABELS, PROJECT_STATUSES, type ProjectCategory, type ProjectStatus } from "../../../db/enums";
import { Label } from "../ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../ui/select";

const ALL = "all";

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
      <div className="grid gap-1.5 sm:w-52">
        <Label htmlFor="filter-category" className="sr-only">
          Category
        </Label>
        <Select
          value={category ?? ALL}
          onValueChange={(value) => onCategoryChange(value === ALL ? undefined : (value as ProjectCategory))}
        >
          <SelectTrigger id="filter-category" aria-label="Category">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All Categories</SelectItem>
            {PROJECT_CATEGORIES.map((c) => (
              <SelectItem key={c} value={c}>
                {c}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5 sm:w-52">
        <Label htmlFor="filter-status" className="sr-only">
          Status
        </Label>
        <Select value={status ?? ALL} onValueChange={(value) => onStatusChange(value === ALL ? undefined : (value as ProjectStatus))}>
          <SelectTrigger id="filter-status" aria-label="Status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All Statuses</SelectItem>
            {PROJECT_STATUSES.map((s) => (
              <SelectItem key={s} value={s}>
                {PROJECT_STATUS_LABELS[s]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </>
  );
}
