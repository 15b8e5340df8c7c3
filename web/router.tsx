import { createRouter } from "@tanstack/react-router";
import { routeTree } from "./routeTree.gen";
import { queryClient, trpcUtils } from "./lib/trpc";

export interface RouterContext {
  queryClient: typeof queryClient;
  trpc: typeof trpcUtils;
}

export const router = createRouter({
  routeTree,
  context: { queryClient, trpc: trpcUtils },
  defaultPreload: "intent",
  // Loaders only warm the query cache; components read it, so the router keeps no copy.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
