import { serveStatic } from "@hono/node-server/serve-static";
import type { App } from "../app";
import { PRERENDERED_PAGES } from "./prerendered";

/**
 * The Node host's pages: the built SPA from `distDir`, behind the same app (so the same security
 * headers) as the API. At the edge, Workers Static Assets does this job.
 */
export function serveSpa(app: App, distDir: string) {
  app.use(
    "/assets/*",
    serveStatic({
      root: distDir,
      precompressed: true,
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    }),
  );
  // The public pages the build rendered ahead of time, at exactly their paths.
  for (const { path, file } of PRERENDERED_PAGES) {
    app.get(path, serveStatic({ root: distDir, path: file, precompressed: true }));
  }
  app.use("*", serveStatic({ root: distDir, precompressed: true }));
  // Every other path is a client route: the SPA decides, including its own 404 page.
  app.get("*", serveStatic({ root: distDir, path: "index.html", precompressed: true }));
  return app;
}
