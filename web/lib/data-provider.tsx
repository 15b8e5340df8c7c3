import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { queryClient, trpc, trpcClient } from "./trpc";

/**
 * The query cache and tRPC hooks for what is inside. Public pages render without it, so their
 * first load carries none of it; the parts that need data (the signed-in area, the auth pages,
 * the forms and buttons that call the API) each sit inside one. Every one shares the same cache.
 */
export function DataProvider({ children }: { children: ReactNode }) {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
