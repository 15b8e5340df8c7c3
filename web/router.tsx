import { createRouter, type RouterHistory } from "@tanstack/react-router";
import type { PageHeading } from "./components/page";
import { routeTree } from "./routeTree.gen";

/**
 * Whether the router puts the window where it was (or at the top) as a page renders: not as the app
 * takes over a page the build rendered (/ and /pricing) that the member has already scrolled. They
 * were reading it, and the jump to the top lost their place, and the tap they were making.
 */
function restoresScroll() {
  let adopting = document.getElementById("root")?.dataset.prerendered !== undefined;
  return () => {
    const scrolled = adopting && scrollY > 0;
    adopting = false;
    return !scrolled;
  };
}

/** The app's router; the build passes a memory history to render the public pages ahead of time. */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    defaultPreload: "intent",
    // Loaders only warm the query cache; components read it, so the router keeps no copy.
    defaultPreloadStaleTime: 0,
    // In the browser only: rendered ahead of time it would add an inline script the CSP refuses.
    scrollRestoration: history ? false : restoresScroll(),
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** A signed-in page's heading, the same for every member: its outline shows it (shell-outline.tsx). */
    heading?: PageHeading;
    /** A page outside the common layout shows its own outline while it loads: the chat's frame. */
    outline?: "chat";
    /** Nothing sits in the page's top corners: toasts start at the window's top (toaster.tsx). */
    toasts?: "top";
  }
}
