import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { ThemeProvider } from "./lib/theme";
import type { createAppRouter } from "./router";

/** The whole app around its router: the same tree in the browser and when the build renders a page. */
export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <StrictMode>
      <ThemeProvider>
        <RouterProvider router={router} />
      </ThemeProvider>
    </StrictMode>
  );
}
