import { lazy, Suspense } from "react";
import { useTheme } from "../lib/theme";
import { useToasterWanted } from "../lib/toast";

const Sonner = lazy(() => import("sonner").then(({ Toaster }) => ({ default: Toaster })));

/** Spec §9: top-right, 4000 ms, a close button, the app's theme; colours per kind (richColors). */
export function Toaster() {
  const { resolved } = useTheme();
  if (!useToasterWanted()) return null;
  return (
    <Suspense>
      {/* Below the fixed 4rem top bar, so a toast never covers the account menu or theme switcher. */}
      <Sonner
        position="top-right"
        offset={{ top: "4.5rem" }}
        mobileOffset={{ top: "4.5rem" }}
        duration={4000}
        closeButton
        richColors
        theme={resolved}
      />
    </Suspense>
  );
}
