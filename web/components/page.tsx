import type { ReactNode } from "react";

/** What heads a page: known before its data, so the build renders it into the page's outline. */
export interface PageHeading {
  title: string;
  description?: string;
}

/**
 * The heading block every page starts with. The actions sit level with the title, whatever the
 * description's length, so toasts can start just below them (`toaster.tsx`).
 */
export function PageHeader({
  title,
  description,
  actions,
}: PageHeading & {
  actions?: ReactNode;
}) {
  return (
    <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        {description && <p className="mt-1 text-muted-foreground">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 gap-2">{actions}</div>}
    </div>
  );
}
