import { RouterProvider } from "@tanstack/react-router";
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ThemeProvider } from "./lib/theme";
import { router } from "./router";
import "./styles.css";

const root = createRoot(document.getElementById("root")!);
// As a transition the first render yields to the browser every few milliseconds instead of holding
// the main thread until the whole page is built: taps and scrolls are answered meanwhile.
startTransition(() =>
  root.render(
    <StrictMode>
      <ThemeProvider>
        <RouterProvider router={router} />
      </ThemeProvider>
    </StrictMode>,
  ),
);
