import { startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { createAppRouter } from "./router";
import "./styles.css";

const router = createAppRouter();
const container = document.getElementById("root")!;
// A page the build rendered ahead of time stays on screen until the app has rendered the same page
// (the first commit replaces it in one step), then loses its mark: from then on it is the live app.
if (container.dataset.prerendered) {
  const unsubscribe = router.subscribe("onRendered", () => {
    unsubscribe();
    delete container.dataset.prerendered;
  });
}
const root = createRoot(container);
// As a transition the first render yields to the browser every few milliseconds instead of holding
// the main thread until the whole page is built: taps and scrolls are answered meanwhile.
startTransition(() => root.render(<App router={router} />));
