import { lazy, Suspense, useSyncExternalStore } from "react";
import { useTheme } from "../lib/theme";
import { useToasterWanted } from "../lib/toast";

const Sonner = lazy(() => import("sonner").then(({ Toaster }) => ({ default: Toaster })));

/** Below `md`: phones and small tablets, where signed-in pages have a bar along the bottom. */
const phoneQuery = () => window.matchMedia("(max-width: 767px)");

function usePhone() {
  return useSyncExternalStore(
    (listener) => {
      const query = phoneQuery();
      query.addEventListener("change", listener);
      return () => query.removeEventListener("change", listener);
    },
    () => phoneQuery().matches,
    () => false,
  );
}

/**
 * Spec §9: top-right, 4000 ms, a close button, the app's theme; colours per kind (richColors).
 * Toasts stay clear of the page header's actions ('Create Project' and the like), which members
 * reach for right after most toasts: on wide screens they start below the header row (its actions
 * sit level with the title, 2.5rem tall, under the 4rem top bar and the page's 2rem padding); on
 * narrow screens, where the actions stack under the title, they rise from the bottom, above the
 * app's 4rem bottom bar.
 */
export function Toaster() {
  const { resolved } = useTheme();
  const phone = usePhone();
  if (!useToasterWanted()) return null;
  return (
    <Suspense>
      <Sonner
        position={phone ? "bottom-center" : "top-right"}
        offset={{ top: "9.5rem", bottom: "4.5rem" }}
        mobileOffset={{ bottom: "4.5rem" }}
        duration={4000}
        closeButton
        richColors
        theme={resolved}
      />
    </Suspense>
  );
}
