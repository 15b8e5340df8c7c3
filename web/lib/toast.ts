import { useSyncExternalStore } from "react";

type Kind = "success" | "error" | "warning" | "info";

/**
 * sonner loads on the first toast rather than with every page: most visits to the public site
 * never show one. Its Toaster replays toasts made before it mounted, so none is lost meanwhile.
 */
let wanted = false;
const listeners = new Set<() => void>();

function show(kind: Kind, title: string, description?: string) {
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  import("sonner").then(
    ({ toast }) => toast[kind](title, { description }),
    // Only when offline before the page ever settled: nothing can be shown, so say so in the log.
    (error: unknown) => console.error(`Could not show the toast '${title}':`, error),
  );
}

/** Fetches sonner and the toasts' place ahead of need, for toasts that must show when the network is already gone. */
export function preloadToasts() {
  // If this fails (offline already), the first toast simply tries again.
  import("../components/toasts").catch(() => undefined);
}

/**
 * The one way the SPA tells a member something happened: the spec's toast titles (§8) with a
 * description, in its four kinds.
 */
export const notify = {
  success: (title: string, description?: string) => show("success", title, description),
  error: (title: string, description?: string) => show("error", title, description),
  warning: (title: string, description?: string) => show("warning", title, description),
  info: (title: string, description?: string) => show("info", title, description),
};

/** Whether anything has been toasted yet, i.e. whether the Toaster must be on the page. */
export function useToasterWanted() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}
