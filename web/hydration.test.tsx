/**
 * main.tsx adopts a pre-rendered page (hydration) by marking the browser's router as
 * server-rendered, `router.ssr`, which TanStack Router's own hydration sets from the state its
 * server rendering writes into the page (docs/PERFORMANCE.md). This holds the router to what that
 * relies on, so an upgrade that changes it fails here and not in a member's browser.
 */
import { createMemoryHistory } from "@tanstack/react-router";
import { renderToString } from "react-dom/server";
import { expect, test } from "vitest";
import { App } from "./app";
import { createAppRouter } from "./router";

async function loadedRouter(path: string, inBrowser: boolean) {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  // A browser's router takes its origin from the window unless it is given one.
  router.update({ ...router.options, isServer: !inBrowser, origin: "http://localhost" });
  await router.load();
  return router;
}

test("marked as server-rendered, the browser's router renders the very tree the build rendered", async () => {
  for (const path of ["/", "/pricing"]) {
    const built = renderToString(<App router={await loadedRouter(path, false)} />);
    const browser = await loadedRouter(path, true);
    // Unmarked, it wraps the page in a Suspense boundary the build's HTML lacks: hydration fails.
    expect(renderToString(<App router={browser} />), path).not.toBe(built);
    browser.ssr = { manifest: undefined };
    expect(renderToString(<App router={browser} />), path).toBe(built);
  }
});
