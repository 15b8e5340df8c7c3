import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app";
import { registerServiceWorker } from "./lib/service-worker";
import { createAppRouter } from "./router";
import "./styles.css";

const router = createAppRouter();
const container = document.getElementById("root")!;
const app = <App router={router} />;
const prerendered = container.dataset.prerendered;

type Preloadable = { preload?: () => Promise<void> };

/**
 * The code of every route this address shows, fetched at once: the router fetches it only after
 * each route's `beforeLoad`, so a signed-in page would wait for the session check before asking for
 * its own code. Now both travel together.
 */
function preloadPageCode() {
  const [routes] = router.getMatchedRoutes(location.pathname);
  for (const route of routes) {
    // A failed fetch is the router's to report: it asks again when it renders the page.
    (route.options.component as Preloadable | undefined)?.preload?.().catch(() => undefined);
  }
}

if (prerendered) {
  // From its first render on, the page the build rendered is the live app: its mark goes.
  const unsubscribe = router.subscribe("onRendered", () => {
    unsubscribe();
    delete container.dataset.prerendered;
  });
}

if (prerendered === location.pathname && !location.search) {
  // The page the build rendered (web/prerender.tsx) for this very address: once its route's code
  // has loaded, the app adopts that HTML as it is (hydration) instead of building it again. Marked
  // as server-rendered, the router renders the tree the build rendered. As a transition the
  // hydration yields to the browser every few milliseconds, as the first render below does.
  router.ssr = { manifest: undefined };
  void router.load().then(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  // Anything else, including a pre-rendered page asked with a query it was not rendered for, is
  // rendered here; the first commit replaces whatever the container held in one step. As a
  // transition the first render yields to the browser every few milliseconds instead of holding
  // the main thread until the whole page is built: taps and scrolls are answered meanwhile.
  preloadPageCode();
  // The router's first load starts here, before the first render: started by the router's mount,
  // it would update the router's state in that commit, and every part of the page that reads it
  // would render again at once, in one long task.
  void router.load();
  const root = createRoot(container);
  startTransition(() => root.render(app));
}

registerServiceWorker();
