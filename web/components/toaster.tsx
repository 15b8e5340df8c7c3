import { lazy, Suspense } from "react";
import { useToasterWanted } from "../lib/toast";

const Toasts = lazy(() => import("./toasts"));

/** Where toasts show: sonner, and where it places them, load with the page's first toast. */
export function Toaster() {
  if (!useToasterWanted()) return null;
  return (
    <Suspense>
      <Toasts />
    </Suspense>
  );
}
